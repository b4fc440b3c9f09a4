using System.Globalization;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>
/// <c>TimeSpan</c> in our sortable fixed-width text (docs/TYPES.md, "TimeSpan text"), the form a bound parameter
/// takes: literals must be the same text, or a constant duration in a query would never equal a stored one. The
/// SQLite provider writes .NET's <c>"c"</c> form, which does not sort.
/// </summary>
internal sealed class SharpCoreDBTimeSpanTypeMapping : TimeSpanTypeMapping
{
    public static new SharpCoreDBTimeSpanTypeMapping Default { get; } = new("TEXT");

    public SharpCoreDBTimeSpanTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.Time)
    {
    }

    private SharpCoreDBTimeSpanTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBTimeSpanTypeMapping(parameters);

    protected override string GenerateNonNullSqlLiteral(object value) => "'" + Format((TimeSpan)value) + "'";

    /// <summary>
    /// Zero or positive: <c>dddddddd.hh:mm:ss.fffffff</c>; negative: <c>-</c> and the distance above
    /// <see cref="TimeSpan.MinValue"/> with nine day digits, so that text order is duration order.
    /// </summary>
    internal static string Format(TimeSpan value)
    {
        if (value.Ticks >= 0)
        {
            return Fields(value, "D8", string.Empty);
        }

        return Fields(new TimeSpan(value.Ticks - TimeSpan.MinValue.Ticks), "D9", "-");
    }

    private static string Fields(TimeSpan value, string dayFormat, string sign) =>
        sign + value.Days.ToString(dayFormat, CultureInfo.InvariantCulture) + "."
        + value.ToString(@"hh\:mm\:ss\.fffffff", CultureInfo.InvariantCulture);
}
