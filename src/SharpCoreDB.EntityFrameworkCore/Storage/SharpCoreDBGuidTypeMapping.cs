using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

/// <summary>
/// <c>Guid</c> in our default form: a 16-byte BLOB in RFC 4122 (big-endian) order, so blobs sort like the text form.
/// Parameters bind that way already; literals must be the same bytes (<c>X'…'</c>), or a constant GUID in a query
/// would never equal a stored one. The SQLite provider stores upper-case text instead.
/// </summary>
internal sealed class SharpCoreDBGuidTypeMapping : GuidTypeMapping
{
    public static new SharpCoreDBGuidTypeMapping Default { get; } = new("BLOB");

    public SharpCoreDBGuidTypeMapping(string storeType)
        : base(storeType, System.Data.DbType.Guid)
    {
    }

    private SharpCoreDBGuidTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBGuidTypeMapping(parameters);

    protected override string GenerateNonNullSqlLiteral(object value) =>
        "X'" + Convert.ToHexString(((Guid)value).ToByteArray(bigEndian: true)) + "'";
}
