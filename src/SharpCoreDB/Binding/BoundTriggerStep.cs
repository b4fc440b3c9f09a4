namespace SharpCoreDB.Binding;

/// <summary>One statement of a bound trigger program: a change (<paramref name="Write"/>) or a SELECT (<paramref name="Query"/>).</summary>
/// <param name="Write">The bound INSERT, UPDATE or DELETE, or null.</param>
/// <param name="Query">The bound SELECT's relation, or null.</param>
internal sealed record BoundTriggerStep(BoundDml? Write, IBoundRelation? Query);
