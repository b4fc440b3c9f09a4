namespace SharpCoreDB.Binding;

/// <summary>
/// The statement's slots as the binder's units see them: slots are numbered across the statement and its subqueries,
/// so a unit that reads rows into a slot of its own asks the binder for it.
/// </summary>
internal interface ISlotAllocator
{
    /// <summary>Allocates a slot.</summary>
    /// <param name="width">How many columns its rows have.</param>
    /// <returns>The slot.</returns>
    int NewSlot(int width);
}
