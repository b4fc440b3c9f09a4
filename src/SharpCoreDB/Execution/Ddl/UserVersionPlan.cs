using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Ddl;

/// <summary><c>PRAGMA user_version = n</c>: stores the application's version number in the catalog, as part of the transaction.</summary>
/// <param name="schema">The schema.</param>
/// <param name="slotWidths">The slot widths.</param>
/// <param name="value">The value.</param>
internal sealed class UserVersionPlan(Schema schema, int[] slotWidths, long value) : WritePlan(schema, slotWidths)
{
    /// <inheritdoc />
    public override int Execute()
    {
        CatalogStore.WriteUserVersion(Context.Transaction, value);
        return 0;
    }

    /// <inheritdoc />
    public override IReadOnlyList<string> Explain() => [$"SetUserVersion {value}"];
}
