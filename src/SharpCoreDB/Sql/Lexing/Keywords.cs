using System.Collections.Frozen;

namespace SharpCoreDB.Sql.Lexing;

/// <summary>
/// Keyword spelling lookup and classification. Lookup is ordinal and case-insensitive over a span,
/// so classifying a word allocates nothing and never upper-cases the input.
/// </summary>
internal static class Keywords
{
    // Spellings in Keyword enum order, starting at Keyword.None + 1 (a test checks the two agree).
    private static readonly string[] s_texts =
    [
        "",
        "ABORT",
        "ACTION",
        "ADD",
        "AFTER",
        "ALL",
        "ALTER",
        "ALWAYS",
        "ANALYZE",
        "AND",
        "AS",
        "ASC",
        "ATTACH",
        "AUTOINCREMENT",
        "BEFORE",
        "BEGIN",
        "BETWEEN",
        "BY",
        "CASCADE",
        "CASE",
        "CAST",
        "CHECK",
        "COLLATE",
        "COLUMN",
        "COMMIT",
        "CONFLICT",
        "CONSTRAINT",
        "CREATE",
        "CROSS",
        "CURRENT",
        "CURRENT_DATE",
        "CURRENT_TIME",
        "CURRENT_TIMESTAMP",
        "DATABASE",
        "DEFAULT",
        "DEFERRABLE",
        "DEFERRED",
        "DELETE",
        "DESC",
        "DETACH",
        "DISTINCT",
        "DO",
        "DROP",
        "EACH",
        "ELSE",
        "END",
        "ESCAPE",
        "EXCEPT",
        "EXCLUDE",
        "EXCLUSIVE",
        "EXISTS",
        "EXPLAIN",
        "FAIL",
        "FALSE",
        "FILTER",
        "FIRST",
        "FOLLOWING",
        "FOR",
        "FOREIGN",
        "FROM",
        "FULL",
        "GENERATED",
        "GLOB",
        "GROUP",
        "GROUPS",
        "HAVING",
        "IF",
        "IGNORE",
        "IMMEDIATE",
        "IN",
        "INDEX",
        "INDEXED",
        "INITIALLY",
        "INNER",
        "INSERT",
        "INSTEAD",
        "INTERSECT",
        "INTO",
        "IS",
        "ISNULL",
        "JOIN",
        "KEY",
        "LAST",
        "LEFT",
        "LIKE",
        "LIMIT",
        "MATCH",
        "MATERIALIZED",
        "NATURAL",
        "NO",
        "NOT",
        "NOTHING",
        "NOTNULL",
        "NULL",
        "NULLS",
        "OF",
        "OFFSET",
        "ON",
        "OR",
        "ORDER",
        "OTHERS",
        "OUTER",
        "OVER",
        "PARTITION",
        "PLAN",
        "PRAGMA",
        "PRECEDING",
        "PRIMARY",
        "QUERY",
        "RAISE",
        "RANGE",
        "RECURSIVE",
        "REFERENCES",
        "REGEXP",
        "REINDEX",
        "RELEASE",
        "RENAME",
        "REPLACE",
        "RESTRICT",
        "RETURNING",
        "RIGHT",
        "ROLLBACK",
        "ROW",
        "ROWS",
        "SAVEPOINT",
        "SELECT",
        "SET",
        "STORED",
        "STRICT",
        "TABLE",
        "TEMP",
        "TEMPORARY",
        "THEN",
        "TIES",
        "TO",
        "TRANSACTION",
        "TRIGGER",
        "TRUE",
        "UNBOUNDED",
        "UNION",
        "UNIQUE",
        "UPDATE",
        "USING",
        "VACUUM",
        "VALUES",
        "VIEW",
        "VIRTUAL",
        "WHEN",
        "WHERE",
        "WINDOW",
        "WITH",
        "WITHOUT",    ];

    // SQLite lets these keywords stand for a name wherever a name is expected (its "fallback to ID"
    // list), so a column may be called "key" or "first" and replace(...) is a function call.
    // TRUE, FALSE, STORED and STRICT are plain identifiers in SQLite; they stay usable as names here.
    private static readonly Keyword[] s_nonReserved =
    [
        Keyword.Abort, Keyword.Action, Keyword.After, Keyword.Always, Keyword.Analyze, Keyword.Asc,
        Keyword.Attach, Keyword.Before, Keyword.Begin, Keyword.By, Keyword.Cascade, Keyword.Cast,
        Keyword.Column, Keyword.Conflict, Keyword.Current, Keyword.CurrentDate, Keyword.CurrentTime,
        Keyword.CurrentTimestamp, Keyword.Database, Keyword.Deferred, Keyword.Desc, Keyword.Detach,
        Keyword.Do, Keyword.Each, Keyword.End, Keyword.Exclude, Keyword.Exclusive, Keyword.Explain,
        Keyword.Fail, Keyword.False, Keyword.Filter, Keyword.First, Keyword.Following, Keyword.For,
        Keyword.Generated, Keyword.Glob, Keyword.Groups, Keyword.If, Keyword.Ignore, Keyword.Immediate,
        Keyword.Initially, Keyword.Instead, Keyword.Key, Keyword.Last, Keyword.Like, Keyword.Match,
        Keyword.Materialized, Keyword.No, Keyword.Nulls, Keyword.Of, Keyword.Offset, Keyword.Others,
        Keyword.Over, Keyword.Partition, Keyword.Plan, Keyword.Pragma, Keyword.Preceding, Keyword.Query,
        Keyword.Raise, Keyword.Range, Keyword.Recursive, Keyword.Regexp, Keyword.Reindex, Keyword.Release,
        Keyword.Rename, Keyword.Replace, Keyword.Restrict, Keyword.Returning, Keyword.Row, Keyword.Rows, Keyword.Rollback,
        Keyword.Savepoint, Keyword.Stored, Keyword.Strict, Keyword.Temp, Keyword.Ties, Keyword.Trigger,
        Keyword.True, Keyword.Unbounded, Keyword.Vacuum, Keyword.View, Keyword.Virtual, Keyword.Window,
        Keyword.With, Keyword.Without,
    ];

    private static readonly FrozenDictionary<string, Keyword>.AlternateLookup<ReadOnlySpan<char>> s_lookup = BuildLookup();
    private static readonly bool[] s_reserved = BuildReserved();

    /// <summary>The longest keyword spelling, so longer words skip the lookup.</summary>
    private const int MaxLength = 17;

    /// <summary>Classifies a bare word.</summary>
    /// <param name="word">The word as written, in any letter case.</param>
    /// <returns>The keyword it spells, or <see cref="Keyword.None"/>.</returns>
    public static Keyword Lookup(ReadOnlySpan<char> word)
    {
        if (word.Length < 2 || word.Length > MaxLength)
        {
            return Keyword.None;
        }

        return s_lookup.TryGetValue(word, out Keyword keyword) ? keyword : Keyword.None;
    }

    /// <summary>The canonical (upper-case) spelling of a keyword.</summary>
    /// <param name="keyword">The keyword.</param>
    /// <returns>Its spelling, e.g. <c>"SELECT"</c>.</returns>
    public static string GetText(Keyword keyword) => s_texts[(int)keyword];

    /// <summary>Number of keywords, including <see cref="Keyword.None"/>.</summary>
    public static int Count => s_texts.Length;

    /// <summary>
    /// True when the keyword can never be used as a bare name (a table, column, alias or function name).
    /// </summary>
    /// <param name="keyword">The keyword.</param>
    /// <returns>Whether it is reserved; <see cref="Keyword.None"/> is not.</returns>
    public static bool IsReserved(Keyword keyword) => s_reserved[(int)keyword];

    private static FrozenDictionary<string, Keyword>.AlternateLookup<ReadOnlySpan<char>> BuildLookup()
    {
        var map = new Dictionary<string, Keyword>(s_texts.Length, StringComparer.OrdinalIgnoreCase);
        for (int i = 1; i < s_texts.Length; i++)
        {
            map.Add(s_texts[i], (Keyword)i);
        }

        return map.ToFrozenDictionary(StringComparer.OrdinalIgnoreCase).GetAlternateLookup<ReadOnlySpan<char>>();
    }

    private static bool[] BuildReserved()
    {
        bool[] reserved = new bool[s_texts.Length];
        for (int i = 1; i < reserved.Length; i++)
        {
            reserved[i] = true;
        }

        foreach (Keyword keyword in s_nonReserved)
        {
            reserved[(int)keyword] = false;
        }

        return reserved;
    }
}
