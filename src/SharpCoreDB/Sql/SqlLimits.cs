namespace SharpCoreDB.Sql;

/// <summary>
/// The limits on the size and nesting of a statement, SQLite's where SQLite has one. Each keeps the recursive phases
/// (parser, binder, planner, executor, trigger programs) within a bounded depth, and the work on one statement within
/// a bounded multiple of its size; going past one is a <see cref="SharpCoreDBException"/>, never a stack overflow or
/// a hang.
/// </summary>
internal static class SqlLimits
{
    /// <summary>The deepest expression tree (SQLITE_MAX_EXPR_DEPTH); a syntax error past it.</summary>
    public const int MaxExpressionDepth = 1000;

    /// <summary>The most terms in one compound SELECT (SQLITE_MAX_COMPOUND_SELECT).</summary>
    public const int MaxCompoundSelect = 500;

    /// <summary>The most tables in one join, counting those of nested joins (SQLite's 64, a bitmask width there).</summary>
    public const int MaxJoinTables = 64;

    /// <summary>The most columns in a table, a view or a result (SQLITE_MAX_COLUMN's default).</summary>
    public const int MaxColumns = 2000;

    /// <summary>The deepest cascade of trigger programs, each fired by a statement of the one before (SQLITE_MAX_TRIGGER_DEPTH).</summary>
    public const int MaxTriggerDepth = 1000;

    /// <summary>
    /// The deepest nesting of queries: subqueries, and the views and common table expressions a query names, each
    /// bound inside the query that names it. SQLite counts these towards its expression depth of 1,000.
    /// </summary>
    public const int MaxQueryDepth = 1000;

    /// <summary>The text for a limit in messages.</summary>
    /// <param name="limit">The limit.</param>
    /// <returns>The limit in invariant digits.</returns>
    public static string Text(int limit) => limit.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
