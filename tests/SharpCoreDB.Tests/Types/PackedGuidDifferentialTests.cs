using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types;

/// <summary>
/// GUIDs bound as CLR values and 16-byte BLOBs and GUID text read from records and index keys are held without an
/// array or a string; SQL must not see any difference. Seeded random GUIDs are bound in both stored forms (the
/// 16-byte big-endian BLOB, and the upper-case text Microsoft.Data.Sqlite binds), next to GUID text in lower case,
/// near misses (mixed case, braces, no dashes, one character short or long) and BLOBs of 15, 16 and 17 bytes; SQLite
/// gets the same stored values. typeof, length, hex, quote, ordering, grouping, DISTINCT, joins, comparisons with
/// literals, min/max, index seeks and the values read back must be the same in both, before and after an UPDATE of
/// another column and a reopen.
/// </summary>
public sealed class PackedGuidDifferentialTests : IDisposable
{
    private const int Values = 200;

    private static readonly string[] s_queries =
    [
        "SELECT id, quote(c), typeof(c), length(c), hex(c), hex(c || '') FROM t ORDER BY id",
        "SELECT id, quote(c) FROM t ORDER BY c, id",
        "SELECT id, quote(c) FROM t ORDER BY c DESC, id",
        "SELECT quote(c), count(*) FROM t GROUP BY c ORDER BY c",
        "SELECT count(DISTINCT c), quote(min(c)), quote(max(c)) FROM t",
        "SELECT count(*) FROM t a JOIN t b ON a.c = b.c",
        "SELECT quote(c) FROM t UNION SELECT quote(X'000102030405060708090A0B0C0D0E0F') ORDER BY 1",
        "SELECT id FROM t WHERE c > X'80' ORDER BY id",
        "SELECT id FROM t WHERE c < X'40000000000000000000000000000000' AND typeof(c) = 'blob' ORDER BY id",
        "SELECT id FROM t WHERE c > '8' AND c < 'a' ORDER BY id",
        "SELECT id, substr(c, 1, 4), lower(c) = c, upper(c) = c, instr(c, '-'), c LIKE '%-%' FROM t WHERE typeof(c) = 'text' ORDER BY id",
        "SELECT id, hex(substr(c, 16, 1)), c = X'000102030405060708090A0B0C0D0E0F', c COLLATE NOCASE = lower(c) FROM t ORDER BY id",
    ];

    private readonly DifferentialPair _pair = new();

    public void Dispose() => _pair.Dispose();

    [Theory]
    [InlineData("GUID", 1)]
    [InlineData("BLOB", 2)]
    [InlineData("TEXT", 3)]
    [InlineData("", 4)]
    [InlineData("UUID", 5)]
    public void Guids_bound_both_ways_behave_as_in_sqlite(string columnType, int seed)
    {
        var random = new Random(seed);
        _pair.Both($"CREATE TABLE t(id INTEGER PRIMARY KEY, c {columnType}, other INTEGER DEFAULT 0)");
        _pair.Both("CREATE INDEX t_c ON t(c)");
        var bound = new List<(int Id, Guid Value, bool AsText)>();
        for (int i = 0; i < Values; i++)
        {
            Guid guid = RandomGuid(random);
            switch (random.Next(4))
            {
                case 0:
                    // The default form: ours binds the 16 big-endian bytes, which SQLite gets as a byte[].
                    Insert(i, guid, guid.ToByteArray(bigEndian: true), storage: null);
                    bound.Add((i, guid, false));
                    break;
                case 1:
                    // The text form: Microsoft.Data.Sqlite binds a Guid as upper-case text by default.
                    Insert(i, guid, guid, SharpCoreDBType.Text);
                    bound.Add((i, guid, true));
                    break;
                default:
                    object stored = RandomStoredValue(random, guid);
                    Insert(i, stored, stored, storage: null);
                    break;
            }
        }

        var failures = new List<string>();
        Compare(failures, "after INSERT", bound, random);
        _pair.Both("UPDATE t SET other = other + 1");
        Compare(failures, "after UPDATE of another column", bound, random);
        _pair.Reopen();
        Compare(failures, "after reopen", bound, random);

        Assert.True(failures.Count == 0, $"column type '{columnType}', seed {seed}:\n" + string.Join("\n", failures.Take(20)));
    }

    private static Guid RandomGuid(Random random)
    {
        Span<byte> bytes = stackalloc byte[16];
        random.NextBytes(bytes);

        // Now and then bytes that test the edges of the layout: zeros, 0xFF, a zero byte escaped in keys.
        switch (random.Next(8))
        {
            case 0:
                bytes[..8].Clear();
                break;
            case 1:
                bytes[8..].Fill(0xFF);
                break;
            case 2:
                bytes[15] = 0;
                bytes[12] = 0;
                break;
        }

        return new Guid(bytes, bigEndian: true);
    }

    // What is stored besides bound GUIDs: GUID text in either case, near misses, BLOBs around 16 bytes.
    private static object RandomStoredValue(Random random, Guid guid)
    {
        string text = guid.ToString("D");
        byte[] bytes = guid.ToByteArray(bigEndian: true);
        return random.Next(10) switch
        {
            0 => text,
            1 => text.ToUpperInvariant(),
            2 => text[..18].ToUpperInvariant() + text[18..],
            3 => "{" + text + "}",
            4 => guid.ToString("N"),
            5 => text[..35],
            6 => text + "0",
            7 => bytes[..15],
            8 => (byte[])[.. bytes, 0],
            _ => "0000000" + text[7..],
        };
    }

    private void Insert(int id, object ours, object sqlite, SharpCoreDBType? storage)
    {
        using (var command = _pair.Ours.CreateCommand())
        {
            command.CommandText = "INSERT INTO t(id, c) VALUES (@id, @v)";
            command.Parameters.AddWithValue("@id", id);
            command.Parameters.AddWithValue("@v", ours).StorageType = storage;
            command.ExecuteNonQuery();
        }

        DifferentialPair.Execute(_pair.Sqlite, "INSERT INTO t(id, c) VALUES (@id, @v)", ("@id", id), ("@v", sqlite));
    }

    private void Compare(List<string> failures, string stage, List<(int Id, Guid Value, bool AsText)> bound, Random random)
    {
        foreach (string query in s_queries)
        {
            string ours = DifferentialPair.TextRows(_pair.Ours, query);
            string theirs = DifferentialPair.TextRows(_pair.Sqlite, query);
            if (ours != theirs)
            {
                failures.Add($"{stage}: {query}\n  ours:   {ours}\n  sqlite: {theirs}");
            }
        }

        // Index seeks with a bound Guid in each form against the same value bound as SQLite stores it.
        for (int i = 0; i < 30; i++)
        {
            (int id, Guid guid, bool asText) = bound[random.Next(bound.Count)];
            const string Seek = "SELECT id, quote(c) FROM t WHERE c = @v ORDER BY id";
            string ours;
            using (var command = _pair.Ours.CreateCommand())
            {
                command.CommandText = Seek;
                command.Parameters.AddWithValue("@v", guid).StorageType = asText ? SharpCoreDBType.Text : null;
                ours = DifferentialPair.TextRows(command);
            }

            string theirs = DifferentialPair.TextRows(_pair.Sqlite, Seek, ("@v", asText ? guid : guid.ToByteArray(bigEndian: true)));
            if (ours != theirs || !ours.StartsWith($"{id}|", StringComparison.Ordinal))
            {
                failures.Add($"{stage}: seek {guid} ({(asText ? "text" : "blob")}) of row {id}: ours {ours} | sqlite {theirs}");
            }
        }

        // Reading back: the GUID itself, plain and nullable, and the stored bytes.
        foreach ((int id, Guid guid, bool asText) in bound)
        {
            using var command = _pair.Ours.CreateCommand();
            command.CommandText = "SELECT c FROM t WHERE id = @id";
            command.Parameters.AddWithValue("@id", id);
            using SharpCoreDBDataReader reader = command.ExecuteReader();
            Assert.True(reader.Read());
            byte[] stored = asText ? System.Text.Encoding.ASCII.GetBytes(guid.ToString("D").ToUpperInvariant()) : guid.ToByteArray(bigEndian: true);
            if (reader.GetGuid(0) != guid || reader.GetFieldValue<Guid?>(0) != guid || !reader.GetFieldValue<byte[]>(0).AsSpan().SequenceEqual(stored))
            {
                failures.Add($"{stage}: row {id} reads back {reader.GetGuid(0)}, not {guid}");
            }
        }
    }
}
