namespace SharpCoreDB.EntityFrameworkCore.NativeProbe;

/// <summary>An entity with the types whose mappings are the provider's own (decimal, Guid, TimeSpan) and dates.</summary>
public sealed class Note
{
    public int Id { get; set; }
    public string Text { get; set; } = "";
    public decimal Amount { get; set; }
    public Guid Key { get; set; }
    public DateTime At { get; set; }
    public TimeSpan Took { get; set; }
}
