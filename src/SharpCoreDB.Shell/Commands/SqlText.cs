namespace SharpCoreDB.Shell.Commands;

/// <summary>Quoting for SQL text the shell builds (identifiers in .dump and .import, string literals for paths).</summary>
internal static class SqlText
{
    /// <summary>An identifier in double quotes, inner quotes doubled: valid in SharpCoreDB and SQLite whatever the name.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The quoted identifier.</returns>
    public static string Identifier(string name) => "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    /// <summary>A string literal in single quotes, inner quotes doubled.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The literal.</returns>
    public static string Literal(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";
}
