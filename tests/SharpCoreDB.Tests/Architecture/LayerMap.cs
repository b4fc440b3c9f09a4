namespace SharpCoreDB.Tests.Architecture;

/// <summary>
/// The SQL assembly's layers, top to bottom, and which may use which. A statement's life runs down this stack:
/// the ADO.NET surface (the root namespace) hands SQL to the engine, which plans, binds, executes against the
/// catalog, which stores its schema through an undoable storage transaction, over records. Sql (lexer, parser, syntax tree) may be used by every layer and uses none.
/// </summary>
internal static class LayerMap
{
    /// <summary>Layer names from the top down; a layer may use the layers below it, never those above or beside.</summary>
    private static readonly string[][] Stack =
    [
        ["Data"],
        ["Metadata"],
        ["Engine"],
        ["Planning"],
        ["Binding"],
        ["Execution"],
        ["Catalog"],
        ["Transactions"],
        ["Records"],
    ];

    /// <summary>The layer a namespace of the SharpCoreDB assembly belongs to (its second part; the root is Data).</summary>
    public static string LayerOf(string ns)
    {
        if (ns == "SharpCoreDB")
        {
            return "Data";
        }

        var rest = ns.AsSpan("SharpCoreDB.".Length);
        var dot = rest.IndexOf('.');
        return (dot < 0 ? rest : rest[..dot]).ToString();
    }

    /// <summary>True when code in <paramref name="from"/> may use types of <paramref name="to"/>.</summary>
    public static bool MayUse(string from, string to)
    {
        if (from == to || to == "Sql")
        {
            return true;
        }

        if (from == "Sql")
        {
            return false;
        }

        return RankOf(from) < RankOf(to);
    }

    /// <summary>Whether <paramref name="layer"/> is one this map knows (a new folder must be placed in the stack).</summary>
    public static bool IsKnown(string layer) => layer == "Sql" || RankOf(layer) >= 0;

    private static int RankOf(string layer)
    {
        for (var rank = 0; rank < Stack.Length; rank++)
        {
            if (Array.IndexOf(Stack[rank], layer) >= 0)
            {
                return rank;
            }
        }

        return -1;
    }
}
