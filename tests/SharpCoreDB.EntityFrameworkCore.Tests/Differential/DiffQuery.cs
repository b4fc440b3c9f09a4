using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>
/// One differential query: a name, the query as a function of the context that materializes its result, whether the
/// result's order is defined (otherwise rows are compared as a multiset), and whether EF's SQLite provider refuses it
/// (then ours may refuse it too; the list of such queries is the set marked here).
/// </summary>
public sealed record DiffQuery(string Name, Func<NorthwindContext, object?> Run, bool Ordered, bool RefusedBySqlite = false)
{
    public override string ToString() => Name;
}
