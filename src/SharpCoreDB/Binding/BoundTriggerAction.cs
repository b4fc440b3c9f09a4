using System.Runtime.CompilerServices;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Binding;

/// <summary>
/// One trigger program bound into the statement that fires it: its NEW and OLD slots, its WHEN, its steps. A program
/// is bound once per statement and conflict resolution and shared wherever the statement fires it, so a cycle of
/// triggers refers back to a program whose steps are still being bound; the planner plans it once too
/// (<see cref="Planned"/>), registering it before its steps, so the cycle plans in finite time.
/// </summary>
/// <param name="name">The trigger's name.</param>
/// <param name="running">The flag its bindings share that says one of them is running.</param>
internal sealed class BoundTriggerAction(string name, StrongBox<bool> running)
{
    /// <summary>The trigger's name.</summary>
    public string Name { get; } = name;

    /// <summary>The flag its bindings share that says one of them is running.</summary>
    public StrongBox<bool> Running { get; } = running;

    /// <summary>The slot of the NEW row, or -1.</summary>
    public int NewSlot { get; set; } = -1;

    /// <summary>The slot of the OLD row, or -1.</summary>
    public int OldSlot { get; set; } = -1;

    /// <summary>The WHEN condition, bound (not yet rewritten), or null.</summary>
    public Expr? When { get; set; }

    /// <summary>The program's steps, in order (filled in after the program is registered).</summary>
    public IReadOnlyList<BoundTriggerStep> Steps { get; set; } = [];

    /// <summary>The program's runtime action, once the planner has planned it (runtime state on the bound record, as a materialized expression's rows are).</summary>
    public TriggerAction? Planned { get; set; }
}
