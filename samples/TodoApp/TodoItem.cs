namespace TodoApp;

/// <summary>One thing to do.</summary>
public sealed class TodoItem
{
    public int Id { get; set; }
    public string Title { get; set; } = "";
    public bool Done { get; set; }
    public DateOnly? Due { get; set; }
    public decimal Cost { get; set; }
}
