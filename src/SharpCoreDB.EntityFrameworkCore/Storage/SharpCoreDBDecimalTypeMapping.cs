using System.Globalization;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>
/// <c>decimal</c> as our exact DECIMAL storage class: parameters bind as decimals (exact, scale kept), columns are
/// declared <c>DECIMAL</c> so the engine keeps them exact, and literals are <c>CAST('…' AS DECIMAL)</c> so a constant
/// in a query compares exactly too (a bare <c>1.1</c> would be a REAL). The SQLite provider stores text and needs
/// <c>ef_compare</c> and friends; on SharpCoreDB comparisons, ORDER BY and aggregates run natively.
/// </summary>
internal sealed class SharpCoreDBDecimalTypeMapping : DecimalTypeMapping
{
    public static new SharpCoreDBDecimalTypeMapping Default { get; } = new("DECIMAL");

    public SharpCoreDBDecimalTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.Decimal)
    {
    }

    private SharpCoreDBDecimalTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBDecimalTypeMapping(parameters);

    // EF hands over other numbers too (the 0 of COALESCE(SUM(x), 0) is an int with this mapping).
    protected override string GenerateNonNullSqlLiteral(object value) =>
        "CAST('" + Convert.ToDecimal(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture) + "' AS DECIMAL)";
}
