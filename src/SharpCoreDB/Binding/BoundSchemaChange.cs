namespace SharpCoreDB.Binding;

/// <summary>
/// A schema change bound for the planner: the rows it reads (<see cref="SourceBinding"/>, <see cref="BoundQuery"/>)
/// and the expressions its writer evaluates, bound but neither planned nor rewritten. The planner
/// (<c>Planning.SchemaChangePlanner</c>) turns it into the change's plan.
/// </summary>
internal abstract record BoundSchemaChange;
