namespace SharpCoreDB.Binding;

/// <summary>
/// A bound relation: rows the binder has resolved (a SELECT block, VALUES, a compound, a common table expression, a
/// pragma's rows, …) but not planned. The binder builds a tree of them and creates no operator; the planner walks
/// the whole tree once and turns each into its operators.
/// </summary>
internal interface IBoundRelation
{
}
