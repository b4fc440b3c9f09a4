using SharpCoreDB.Catalog;

namespace SharpCoreDB.Binding;

/// <summary>A bound EXPLAIN: the explained statement, bound, and the slot its plan's lines are produced in.</summary>
/// <param name="Statement">The explained statement.</param>
/// <param name="Schema">The schema it was bound against.</param>
/// <param name="SlotWidths">The widths of the statement's slots, the lines' slot included.</param>
/// <param name="Slot">The slot of the lines.</param>
internal sealed record BoundExplain(BoundStatement Statement, Schema Schema, int[] SlotWidths, int Slot);
