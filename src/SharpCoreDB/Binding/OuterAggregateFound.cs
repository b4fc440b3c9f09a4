namespace SharpCoreDB.Binding;

/// <summary>
/// Raised inside the binder, never out of it: an aggregate in a subquery reads only the columns of an enclosing query
/// that was bound as not aggregating. That query (the only catcher, matched by <see cref="Owner"/>) binds its result
/// columns again as an aggregate query.
/// </summary>
/// <param name="owner">The enclosing query's scope.</param>
internal sealed class OuterAggregateFound(Scope owner) : Exception("an aggregate belongs to an enclosing query")
{
    /// <summary>The scope of the query the aggregate belongs to.</summary>
    public Scope Owner { get; } = owner;
}
