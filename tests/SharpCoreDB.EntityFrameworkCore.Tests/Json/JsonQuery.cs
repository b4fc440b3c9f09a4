namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>
/// One differential query over the JSON model: a name, the query as a function of the context that materializes its
/// result, whether the result's order is defined, and whether EF's SQLite provider refuses it.
/// </summary>
public sealed record JsonQuery(string Name, Func<JsonContext, object?> Run, bool Ordered, bool RefusedBySqlite = false)
{
    public override string ToString() => Name;
}
