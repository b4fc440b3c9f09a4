using Microsoft.EntityFrameworkCore.Sqlite.Storage.Internal;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

#pragma warning disable EF1001 // The SQLite provider's mappings are right for every type whose form we share (integers,
// REAL, TEXT, BLOB, and DateTime/DateTimeOffset/DateOnly/TimeOnly, whose text forms are ours too); deriving keeps them.

/// <summary>
/// The SQLite provider's type mappings, except where our storage differs (docs/TYPES.md): <c>decimal</c> is our exact
/// DECIMAL, <c>Guid</c> a big-endian BLOB, <c>TimeSpan</c> our sortable text.
/// </summary>
internal sealed class SharpCoreDBTypeMappingSource : SqliteTypeMappingSource
{
    public SharpCoreDBTypeMappingSource(TypeMappingSourceDependencies dependencies, RelationalTypeMappingSourceDependencies relationalDependencies)
        : base(dependencies, relationalDependencies)
    {
    }

    protected override RelationalTypeMapping? FindMapping(in RelationalTypeMappingInfo mappingInfo)
    {
        var ours = Ours(mappingInfo.ClrType, mappingInfo.StoreTypeNameBase);
        if (ours is null)
        {
            return base.FindMapping(mappingInfo);
        }

        return mappingInfo.StoreTypeName is null ? ours : ours.WithStoreTypeAndSize(mappingInfo.StoreTypeName, null);
    }

    private static RelationalTypeMapping? Ours(Type? clrType, string? storeTypeNameBase)
    {
        if (clrType == typeof(decimal))
        {
            return SharpCoreDBDecimalTypeMapping.Default;
        }

        if (clrType == typeof(Guid))
        {
            return SharpCoreDBGuidTypeMapping.Default;
        }

        if (clrType == typeof(TimeSpan))
        {
            return SharpCoreDBTimeSpanTypeMapping.Default;
        }

        // Store types alone (scaffolding, raw SQL columns): our DECIMAL and MONEY are exact decimals.
        if (clrType is null
            && (string.Equals(storeTypeNameBase, "DECIMAL", StringComparison.OrdinalIgnoreCase)
                || string.Equals(storeTypeNameBase, "MONEY", StringComparison.OrdinalIgnoreCase)))
        {
            return SharpCoreDBDecimalTypeMapping.Default;
        }

        return null;
    }
}
