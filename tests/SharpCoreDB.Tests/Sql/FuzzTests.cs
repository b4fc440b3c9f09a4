using System.Collections.Immutable;
using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Lexing;
using SharpCoreDB.Sql.Parsing;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Sql;

/// <summary>
/// Seeded random inputs: token soup from the SQL vocabulary, random characters, and mutations of valid
/// statements. The parser must either succeed (and then the printed form must parse back to the same
/// print) or throw a syntax error with a position inside the input. Any other exception is a bug.
/// </summary>
public sealed class FuzzTests
{
    private const int Seed = 1_234_567;

    private static readonly bool s_stress = Environment.GetEnvironmentVariable("SHARPCOREDB_STRESS") == "1";

    private static readonly string[] s_vocabulary = BuildVocabulary();

    private static readonly string[] s_validStatements =
    [
        "SELECT DISTINCT a, t.*, count(*) AS n, -x COLLATE nocase FROM t AS x LEFT JOIN u ON t.a = u.a, v WHERE a BETWEEN 1 AND 2 AND b NOT IN (1, 2) GROUP BY a HAVING count(*) > 1 ORDER BY 1 DESC NULLS LAST LIMIT 5 OFFSET 2",
        "SELECT CASE WHEN a IS NULL THEN 'x''y' ELSE CAST(b AS VARCHAR(10)) END FROM t1 NOT INDEXED WHERE c LIKE 'a%' ESCAPE '!' OR d GLOB ?",
        "SELECT 1 UNION ALL SELECT 2 INTERSECT VALUES (3) EXCEPT SELECT x FROM (SELECT x FROM y) z",
        "SELECT * FROM a NATURAL JOIN (b CROSS JOIN c) WHERE EXISTS (SELECT 1 FROM d WHERE d.k = a.k) AND x IN t2",
        "SELECT ALL 74 * - COALESCE ( + CASE - CASE WHEN NOT ( NOT - 79 >= NULL ) THEN 48 END WHEN + + COUNT( * ) THEN 6 END, MIN( ALL + - 30 ) * 45 * 77 ) * - 14",
        "INSERT OR REPLACE INTO main.t (a, b) VALUES (1, X'0A'), (:p, @q) ",
        "REPLACE INTO t SELECT * FROM u WHERE a NOTNULL",
        "INSERT INTO t DEFAULT VALUES",
        "UPDATE OR IGNORE t SET a = a + 1, b = ?3 WHERE rowid = $id",
        "DELETE FROM t WHERE a IS NOT DISTINCT FROM b",
        "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(20) NOT NULL DEFAULT 'x' COLLATE nocase, p REFERENCES parent (id) ON DELETE CASCADE, CONSTRAINT u UNIQUE (name, id DESC) ON CONFLICT REPLACE, CHECK (id > 0)) WITHOUT ROWID",
        "CREATE TABLE t2 AS SELECT * FROM t",
        "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a COLLATE nocase DESC, b) WHERE a > 0",
        "CREATE TEMP VIEW v (a, b) AS SELECT 1, 2",
        "CREATE TRIGGER r BEFORE UPDATE OF a ON t FOR EACH ROW WHEN new.a > 0 BEGIN INSERT INTO log VALUES (old.a); SELECT RAISE(ABORT, 'no'); END",
        "DROP TABLE IF EXISTS t; DROP INDEX i; DROP VIEW v; DROP TRIGGER r",
        "BEGIN IMMEDIATE TRANSACTION; COMMIT; END; ROLLBACK",
        "EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1",
        "PRAGMA main.cache_size = -2000; PRAGMA table_info(t); ANALYZE; REINDEX t",
        "SELECT sum(a) FILTER (WHERE b > 0) OVER (w PARTITION BY c ORDER BY d DESC ROWS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES), row_number() OVER w, count(*) OVER (GROUPS 2 PRECEDING) FROM t WINDOW w AS (ORDER BY a), v AS (RANGE BETWEEN UNBOUNDED PRECEDING AND 1.5 FOLLOWING EXCLUDE GROUP)",
        "SELECT -9223372036854775808, 0xFFFFFFFFFFFFFFFF, 1e308 * 10, .5, 1., 'a' || 'b', ~5 & 3 | 1 << 2 >> 1 % 3",
    ];

    private readonly ITestOutputHelper _output;

    public FuzzTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [Fact]
    public void Random_token_streams_only_parse_or_raise_syntax_errors()
    {
        var random = new Random(Seed);
        int count = s_stress ? 1_000_000 : 20_000;
        var sb = new StringBuilder();
        var stats = new Stats();
        for (int i = 0; i < count; i++)
        {
            sb.Clear();
            int tokens = random.Next(1, 30);
            for (int t = 0; t < tokens; t++)
            {
                sb.Append(s_vocabulary[random.Next(s_vocabulary.Length)]);
                sb.Append(random.Next(10) switch { 0 => "", 1 => "\n", _ => " " });
            }

            Check(sb.ToString(), "tokens", i, stats);
        }

        _output.WriteLine($"seed {Seed}: {count} token streams, {stats}");
        Assert.True(stats.Parsed > 0, $"seed {Seed}: no token stream parsed; the generator is broken");
    }

    [Fact]
    public void Random_characters_only_parse_or_raise_syntax_errors()
    {
        const string alphabet = "abcxyzSELECTFROMWHERE0123456789.,;()*+-/%|&~<>=!'\"[]`?:@$_ \t\r\n\\^{}#\0\u00e9\u20ac";
        var random = new Random(Seed + 1);
        int count = s_stress ? 1_000_000 : 10_000;
        var sb = new StringBuilder();
        var stats = new Stats();
        for (int i = 0; i < count; i++)
        {
            sb.Clear();
            int length = random.Next(0, 40);
            for (int c = 0; c < length; c++)
            {
                sb.Append(random.Next(20) == 0 ? (char)random.Next(0, 0x10000) : alphabet[random.Next(alphabet.Length)]);
            }

            Check(sb.ToString(), "characters", i, stats);
        }

        _output.WriteLine($"seed {Seed + 1}: {count} character strings, {stats}");
    }

    [Fact]
    public void Mutated_valid_statements_only_parse_or_raise_syntax_errors()
    {
        foreach (string statement in s_validStatements)
        {
            Check(statement, "valid", -1, new Stats(), mustParse: true);
        }

        var random = new Random(Seed + 2);
        int count = s_stress ? 1_000_000 : 20_000;
        var stats = new Stats();
        for (int i = 0; i < count; i++)
        {
            string sql = s_validStatements[random.Next(s_validStatements.Length)];
            int mutations = random.Next(1, 4);
            for (int m = 0; m < mutations; m++)
            {
                sql = Mutate(random, sql);
            }

            Check(sql, "mutations", i, stats);
        }

        _output.WriteLine($"seed {Seed + 2}: {count} mutated statements, {stats}");
        Assert.True(stats.Parsed > count / 50, $"seed {Seed + 2}: too few mutations parse ({stats}); the mutator is broken");
        Assert.True(stats.Rejected > count / 50, $"seed {Seed + 2}: too few mutations fail ({stats}); the mutator is broken");
    }

    private static string Mutate(Random random, string sql)
    {
        if (sql.Length == 0)
        {
            return s_vocabulary[random.Next(s_vocabulary.Length)];
        }

        int at = random.Next(sql.Length);
        int length = Math.Min(random.Next(1, 8), sql.Length - at);
        return random.Next(5) switch
        {
            0 => sql.Remove(at, length),
            1 => sql.Insert(at, " " + s_vocabulary[random.Next(s_vocabulary.Length)] + " "),
            2 => sql.Insert(at, sql.Substring(random.Next(sql.Length - length + 1), length)),
            3 => sql.Remove(at, length).Insert(at, s_vocabulary[random.Next(s_vocabulary.Length)]),
            _ => string.Concat(sql.AsSpan(0, at), sql.AsSpan(at + length), sql.AsSpan(at, length)),
        };
    }

    private static void Check(string sql, string kind, int index, Stats stats, bool mustParse = false)
    {
        ImmutableArray<Statement> statements;
        try
        {
            statements = SqlParser.ParseAll(sql);
        }
        catch (SharpCoreDBException ex)
        {
            Assert.False(mustParse, $"valid statement rejected: {ex.Message}\n{sql}");
            int lines = 1 + sql.Count(c => c == '\n');
            bool sane = ex.ErrorCode == SharpCoreDBErrorCode.SyntaxError
                && ex.Line >= 1 && ex.Line <= lines && ex.Column >= 1 && ex.Column <= sql.Length + 1
                && ex.Message.StartsWith("syntax error at line ", StringComparison.Ordinal);
            Assert.True(sane, Describe(kind, index, sql, $"malformed syntax error (code {ex.ErrorCode}, line {ex.Line}, column {ex.Column}): {ex.Message}"));
            stats.Rejected++;
            return;
        }
        catch (Exception ex)
        {
            Assert.Fail(Describe(kind, index, sql, ex.ToString()));
            return;
        }

        foreach (Statement statement in statements)
        {
            try
            {
                SqlAssert.CanonicalOf(statement, sql);
            }
            catch (Exception ex)
            {
                Assert.Fail(Describe(kind, index, sql, "round trip failed: " + ex.Message));
            }
        }

        stats.Parsed++;
    }

    private static string Describe(string kind, int index, string sql, string problem)
    {
        var escaped = new StringBuilder();
        foreach (char c in sql)
        {
            if (c is >= ' ' and < (char)0x7F and not '\\')
            {
                escaped.Append(c);
            }
            else
            {
                escaped.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            }
        }

        return $"seed {Seed}, {kind} case {index}: {problem}\n  input: \"{escaped}\"";
    }

    private static string[] BuildVocabulary()
    {
        var words = new List<string>();
        for (int i = 1; i < Keywords.Count; i++)
        {
            words.Add(Keywords.GetText((Keyword)i));
        }

        words.AddRange(
        [
            "(", ")", "(", ")", ",", ",", ";", ".", "*", "+", "-", "/", "%", "||", "=", "==", "!=", "<>", "<", "<=", ">", ">=",
            "<<", ">>", "&", "|", "~", "1", "42", "0x1F", "1.5", ".5", "1e5", "9223372036854775808", "'s'", "'it''s'", "X'0A'",
            "\"q\"", "[b]", "`c`", "?", "?1", "?40000", ":p", "@p", "$p", "a", "b", "t", "t1", "x", "count", "max", "abs",
            "-- c\n", "/* c */", "'", "\"", "[", "/*", "X'0", "0x", "!", "^", "\u00e9", "\uD800", "0x10000000000000000",
        ]);
        return words.ToArray();
    }

    private sealed class Stats
    {
        public int Parsed { get; set; }

        public int Rejected { get; set; }

        public override string ToString() => $"{Parsed} parsed, {Rejected} rejected";
    }
}
