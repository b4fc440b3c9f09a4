using SharpCoreDB.EntityFrameworkCore.Tests.Model;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>
/// The differential query list, as data: each topic file (Queries.Filters.cs, Queries.Joins.cs, …) contributes its
/// queries; <see cref="LinqDifferentialTests"/> runs each on both providers.
/// </summary>
internal static partial class Queries
{
    public static readonly IReadOnlyList<DiffQuery> All =
    [
        .. Filters(), .. Projections(), .. Joins(), .. Includes(), .. Grouping(), .. Ordering(), .. Paging(),
        .. Strings(), .. Dates(), .. Subqueries(), .. SetOperations(), .. Decimals(),
    ];

    public static readonly IReadOnlyDictionary<string, DiffQuery> ByName = All.ToDictionary(q => q.Name, StringComparer.Ordinal);

    /// <summary>Rows compared as a multiset.</summary>
    private static DiffQuery Set<T>(string name, Func<NorthwindContext, IQueryable<T>> query) =>
        new(name, c => query(c).ToList(), Ordered: false);

    /// <summary>Rows compared in order (the query orders by a unique key).</summary>
    private static DiffQuery Seq<T>(string name, Func<NorthwindContext, IQueryable<T>> query) =>
        new(name, c => query(c).ToList(), Ordered: true);

    /// <summary>A single value (Count, Sum, First, Any, …).</summary>
    private static DiffQuery One<T>(string name, Func<NorthwindContext, T> query) =>
        new(name, c => query(c), Ordered: true);

    /// <summary>A query EF's SQLite provider refuses; ours may refuse it too.</summary>
    private static DiffQuery Refused<T>(string name, Func<NorthwindContext, T> query) =>
        new(name, c => query(c) is IQueryable q ? System.Linq.Enumerable.ToList(System.Linq.Enumerable.Cast<object>(q)) : query(c), Ordered: true, RefusedBySqlite: true);
}
