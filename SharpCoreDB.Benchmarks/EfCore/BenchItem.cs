namespace SharpCoreDB.Benchmarks.EfCore;

/// <summary>The entity of the EF Core benchmarks: a key, text, a decimal, a date and a grouping number.</summary>
public sealed class BenchItem
{
    /// <summary>The key.</summary>
    public int Id { get; set; }

    /// <summary>A short name.</summary>
    public string Name { get; set; } = "";

    /// <summary>A price (exact DECIMAL on SharpCoreDB, text on SQLite).</summary>
    public decimal Price { get; set; }

    /// <summary>When the item was made.</summary>
    public DateTime CreatedAt { get; set; }

    /// <summary>A small number to group by.</summary>
    public int Group { get; set; }
}
