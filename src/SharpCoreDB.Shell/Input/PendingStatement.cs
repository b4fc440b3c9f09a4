namespace SharpCoreDB.Shell.Input;

/// <summary>One complete SQL statement read from the input.</summary>
/// <param name="Sql">The statement's text, from its first token through its semicolon.</param>
/// <param name="Line">The input line its first token is on (for error messages in scripts).</param>
internal sealed record PendingStatement(string Sql, int Line);
