using System.Collections.Immutable;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// The window functions of one SELECT: the calls (results in the window slot) and the WINDOW clause's named
/// windows. Set on the scope only while result columns and ORDER BY are bound, the one place they are allowed.
/// </summary>
/// <param name="slot">The slot of the window results.</param>
/// <param name="named">The WINDOW clause.</param>
internal sealed class WindowBinding(int slot, ImmutableArray<NamedWindow> named)
{
    /// <summary>The slot of the window results.</summary>
    public int Slot { get; } = slot;

    /// <summary>The window calls, in slot order.</summary>
    public List<WindowCall> Calls { get; } = [];

    /// <summary>How many windows the WINDOW clause names.</summary>
    public int NamedCount => named.IsDefault ? 0 : named.Length;

    /// <summary>True while a window call's arguments or window are bound (window calls may not nest).</summary>
    public bool InsideWindow { get; set; }

    /// <summary>The named window of the WINDOW clause (the first of that name, as in SQLite).</summary>
    /// <param name="name">The name.</param>
    /// <returns>The window, or null.</returns>
    public NamedWindow? Find(string name)
    {
        foreach (NamedWindow window in named.IsDefault ? [] : named)
        {
            if (string.Equals(window.Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return window;
            }
        }

        return null;
    }

    /// <summary>Registers a window call.</summary>
    /// <param name="call">The call.</param>
    /// <returns>Its column in the window slot.</returns>
    public int Add(WindowCall call)
    {
        Calls.Add(call);
        return Calls.Count - 1;
    }
}
