using System.Text;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Records;

public sealed class SqlValueComparerTests
{
    private static int Sign(int value) => Math.Sign(value);

    private static int Compare(SqlValue a, SqlValue b) => Sign(SqlValueComparer.CompareValues(a, b));

    [Fact]
    public void Storage_classes_order_null_numbers_text_blob()
    {
        SqlValue[] ordered =
        [
            SqlValue.Null, SqlValue.FromDouble(double.NegativeInfinity), SqlValue.FromInt64(long.MinValue),
            SqlValue.FromDouble(-1.5), SqlValue.FromInt64(-1), SqlValue.FromInt64(0), SqlValue.FromDouble(0.5),
            SqlValue.FromInt64(long.MaxValue), SqlValue.FromDouble(double.PositiveInfinity), SqlValue.FromText(""),
            SqlValue.FromText("a"), SqlValue.FromBlob([]), SqlValue.FromBlob([0]),
        ];
        for (int i = 0; i < ordered.Length; i++)
        {
            for (int j = 0; j < ordered.Length; j++)
            {
                Assert.True(Compare(ordered[i], ordered[j]) == i.CompareTo(j), $"{ordered[i]} vs {ordered[j]}");
            }
        }
    }

    [Theory]
    [InlineData(3L, 3.0, 0)]
    [InlineData(0L, -0.0, 0)]
    [InlineData(9007199254740993L, 9007199254740992.0, 1)]
    [InlineData(9007199254740991L, 9007199254740992.0, -1)]
    [InlineData(long.MaxValue, 9223372036854775808.0, -1)]
    [InlineData(long.MaxValue, 9223372036854774784.0, 1)]
    [InlineData(long.MinValue, -9223372036854775808.0, 0)]
    [InlineData(long.MinValue + 1, -9223372036854775808.0, 1)]
    [InlineData(-3L, -2.5, -1)]
    [InlineData(-2L, -2.5, 1)]
    [InlineData(2L, 2.5, -1)]
    [InlineData(long.MinValue, double.NegativeInfinity, 1)]
    public void Integers_and_reals_compare_by_exact_value(long integer, double real, int expected)
    {
        Assert.Equal(expected, Compare(SqlValue.FromInt64(integer), SqlValue.FromDouble(real)));
        Assert.Equal(-expected, Compare(SqlValue.FromDouble(real), SqlValue.FromInt64(integer)));
    }

    [Fact]
    public void NaN_is_stored_as_null()
    {
        Assert.True(SqlValue.FromDouble(double.NaN).IsNull);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void Text_order_equals_utf8_byte_order(int seed)
    {
        var generator = new ValueGenerator(seed);
        for (int i = 0; i < 5000; i++)
        {
            string a = generator.NextText();
            string b = generator.NextText();
            int expected = Sign(Utf8Text.Encode(a).AsSpan().SequenceCompareTo(Utf8Text.Encode(b)));
            Assert.True(
                expected == Sign(TextOrder.Compare(a, b)),
                $"seed {seed}: '{Escape(a)}' vs '{Escape(b)}' expected {expected}");
            if (expected == 0)
            {
                Assert.True(TextOrder.GetHashCode(a) == TextOrder.GetHashCode(b), $"seed {seed}: hash of '{Escape(a)}' vs '{Escape(b)}'");
            }
        }
    }

    [Fact]
    public void Unpaired_surrogate_equals_replacement_character_as_utf8_does()
    {
        Assert.Equal(0, TextOrder.Compare("a\uD800", "a\uFFFD"));
        Assert.Equal(TextOrder.GetHashCode("a\uD800b"), TextOrder.GetHashCode("a\uFFFDb"));
        Assert.True(TextOrder.Compare("\uFFFF", "\uD83D\uDE00") < 0, "U+FFFF sorts before U+1F600 in UTF-8");
    }

    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    public void Equal_values_hash_alike(int seed)
    {
        var generator = new ValueGenerator(seed);
        SqlValueComparer comparer = SqlValueComparer.Instance;
        for (int i = 0; i < 20000; i++)
        {
            SqlValue a = generator.Next();
            SqlValue b = generator.Random.Next(3) == 0 ? a : Twin(a, generator.Next());
            if (comparer.Equals(a, b))
            {
                Assert.True(comparer.GetHashCode(a) == comparer.GetHashCode(b), $"seed {seed}: {a} and {b} are equal but hash differently");
            }
        }
    }

    [Theory]
    [InlineData(21)]
    [InlineData(22)]
    public void Order_matches_sqlite_order_by(int seed)
    {
        // SQLite is the oracle: a column without affinity keeps every storage class, and ORDER BY uses BINARY.
        var generator = new ValueGenerator(seed);
        var values = new List<SqlValue>();
        for (int i = 0; i < 400; i++)
        {
            values.Add(generator.Next());
        }

        using var connection = new SqliteConnection("Data Source=:memory:");
        connection.Open();
        using (SqliteCommand create = connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE t(id INTEGER PRIMARY KEY, v)";
            create.ExecuteNonQuery();
        }

        using (SqliteTransaction transaction = connection.BeginTransaction())
        {
            using SqliteCommand insert = connection.CreateCommand();
            // TEXT goes in as its exact bytes (CAST of a BLOB), so an escaped invalid byte reaches SQLite as that byte.
            insert.CommandText = "INSERT INTO t(id, v) VALUES ($id, CASE WHEN $text THEN CAST($v AS TEXT) ELSE $v END)";
            SqliteParameter text = insert.Parameters.Add("$text", SqliteType.Integer);
            SqliteParameter id = insert.Parameters.Add("$id", SqliteType.Integer);
            SqliteParameter v = insert.Parameters.Add("$v", SqliteType.Integer);
            for (int i = 0; i < values.Count; i++)
            {
                id.Value = i;
                bool isText = values[i].StorageClass == SqlStorageClass.Text;
                text.Value = isText ? 1 : 0;
                v.SqliteType = values[i].StorageClass switch
                {
                    SqlStorageClass.Real => SqliteType.Real,
                    SqlStorageClass.Text or SqlStorageClass.Blob => SqliteType.Blob,
                    _ => SqliteType.Integer,
                };
                v.Value = isText ? Utf8Text.Encode(values[i].AsText()) : values[i].ToObject();
                insert.ExecuteNonQuery();
            }

            transaction.Commit();
        }

        using SqliteCommand query = connection.CreateCommand();
        query.CommandText = "SELECT id FROM t ORDER BY v, id";
        var sqliteOrder = new List<int>();
        using (SqliteDataReader reader = query.ExecuteReader())
        {
            while (reader.Read())
            {
                sqliteOrder.Add(reader.GetInt32(0));
            }
        }

        var ours = Enumerable.Range(0, values.Count).ToList();
        ours.Sort((a, b) =>
        {
            int c = SqlValueComparer.CompareValues(values[a], values[b]);
            return c != 0 ? c : a.CompareTo(b);
        });
        for (int i = 0; i < ours.Count; i++)
        {
            Assert.True(
                ours[i] == sqliteOrder[i],
                $"seed {seed}: position {i}: ours {values[ours[i]]} (#{ours[i]}), SQLite {values[sqliteOrder[i]]} (#{sqliteOrder[i]})");
        }
    }

    // A value equal to `value` in another storage form when one exists, else `fallback`.
    private static SqlValue Twin(SqlValue value, SqlValue fallback)
    {
        if (value.StorageClass == SqlStorageClass.Integer && (double)value.AsInt64() is var d && (long)d == value.AsInt64() && d < 9.2e18)
        {
            return SqlValue.FromDouble(d);
        }

        if (value.StorageClass == SqlStorageClass.Real && value.AsDouble() == 0)
        {
            return SqlValue.FromDouble(-value.AsDouble());
        }

        return fallback;
    }

    private static string Escape(string value)
    {
        var builder = new StringBuilder();
        foreach (char c in value)
        {
            builder.Append(c is >= ' ' and <= '~' ? c.ToString() : $"\\u{(int)c:X4}");
        }

        return builder.ToString();
    }
}
