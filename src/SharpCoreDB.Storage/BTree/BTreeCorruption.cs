using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Raises the corruption error for a damaged B+tree page; kept out of line so hot paths stay small.</summary>
internal static class BTreeCorruption
{
    /// <summary>Creates the error for <paramref name="pageNumber"/>.</summary>
    public static SharpCoreDBException Create(uint pageNumber, string what) =>
        new(SharpCoreDBErrorCode.Corrupt, $"B+tree page {pageNumber} is corrupt: {what}.");

    /// <summary>Throws the error for <paramref name="pageNumber"/>.</summary>
    [DoesNotReturn]
    public static void Throw(uint pageNumber, string what) => throw Create(pageNumber, what);

    /// <summary>Throws for a cell whose bytes run past the page or do not parse.</summary>
    [DoesNotReturn]
    public static void ThrowBadCell(uint pageNumber, int index) =>
        throw Create(pageNumber, $"cell {index} is malformed or runs past the end of the page");
}
