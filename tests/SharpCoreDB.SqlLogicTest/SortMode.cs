namespace SharpCoreDB.SqlLogicTest;

/// <summary>How a query's rendered values are ordered before comparison.</summary>
internal enum SortMode
{
    /// <summary>The engine's order.</summary>
    NoSort,

    /// <summary>Rows sorted by their rendered values, column by column, in byte order.</summary>
    RowSort,

    /// <summary>Every value sorted on its own, in byte order.</summary>
    ValueSort,
}
