using System.Runtime.CompilerServices;
using SharpCoreDB.Execution.Expressions;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>
/// One trigger program bound into a statement: its WHEN condition, its steps, and the slots its NEW and OLD rows
/// are copied into. Bound once per statement and conflict resolution and shared by every place in the statement
/// that fires it (as SQLite compiles each trigger program once), so a cycle of triggers binds in finite time.
/// </summary>
/// <param name="name">The trigger name.</param>
/// <param name="running">
/// Set while the program runs, shared by every binding of the same trigger in the statement (it is bound once per
/// conflict resolution). A trigger does not fire again inside itself (recursive triggers are off, as in SQLite by
/// default), which also keeps the program's NEW and OLD slots its own while it runs.
/// </param>
internal sealed class TriggerAction(string name, StrongBox<bool> running)
{
    /// <summary>The trigger name.</summary>
    public string Name { get; } = name;

    /// <summary>The WHEN condition, or null.</summary>
    public Expr? When { get; set; }

    /// <summary>The statements of the program, in order (filled in after the action is registered, so a program
    /// that fires itself further down refers to this same object).</summary>
    public IReadOnlyList<TriggerStep> Steps { get; set; } = [];

    /// <summary>The NEW row's slot, or -1 (DELETE).</summary>
    public int NewSlot { get; set; } = -1;

    /// <summary>The OLD row's slot, or -1 (INSERT).</summary>
    public int OldSlot { get; set; } = -1;

    /// <summary>True while a program of this trigger runs.</summary>
    public bool Running
    {
        get => running.Value;
        set => running.Value = value;
    }
}
