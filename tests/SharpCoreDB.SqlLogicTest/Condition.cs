namespace SharpCoreDB.SqlLogicTest;

/// <summary>A <c>skipif</c> or <c>onlyif</c> line in front of a record.</summary>
/// <param name="OnlyIf">True for <c>onlyif</c>, false for <c>skipif</c>.</param>
/// <param name="Engine">The engine name (sqlite, mysql, postgresql, mssql, oracle).</param>
internal sealed record Condition(bool OnlyIf, string Engine)
{
    /// <summary>True when the record runs on <paramref name="engine"/>.</summary>
    /// <param name="engine">The name the runner answers to.</param>
    /// <returns>Whether this condition lets the record run.</returns>
    public bool Allows(string engine) => OnlyIf == string.Equals(Engine, engine, StringComparison.OrdinalIgnoreCase);
}
