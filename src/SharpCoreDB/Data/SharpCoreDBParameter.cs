using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB;

/// <summary>
/// A value bound to a parameter of a <c>SharpCoreDBCommand</c>. Names may be given with or without
/// their prefix (<c>@id</c>, <c>:id</c>, <c>$id</c> and <c>id</c> all bind <c>@id</c> in the SQL), which is what
/// Dapper and most hand-written code expect.
/// </summary>
public sealed class SharpCoreDBParameter : DbParameter
{
    private string _parameterName = string.Empty;
    private string _normalizedName = string.Empty;
    private string _sourceColumn = string.Empty;
    private object? _value;
    private DbType? _dbType;

    /// <summary>Creates an unnamed parameter with a NULL value.</summary>
    public SharpCoreDBParameter()
    {
    }

    /// <summary>Creates a parameter with a name and a value.</summary>
    /// <param name="name">The name, with or without its prefix.</param>
    /// <param name="value">The value; null and <see cref="DBNull.Value"/> both bind SQL NULL.</param>
    public SharpCoreDBParameter(string name, object? value)
    {
        ArgumentNullException.ThrowIfNull(name);
        _parameterName = name;
        _normalizedName = NormalizeName(name);
        _value = value;
    }

    /// <inheritdoc />
    public override DbType DbType
    {
        get => _dbType ?? InferDbType(_value);
        set => _dbType = value;
    }

    /// <inheritdoc />
    public override ParameterDirection Direction
    {
        get => ParameterDirection.Input;
        set
        {
            if (value != ParameterDirection.Input)
            {
                throw new ArgumentException($"SharpCoreDB supports only input parameters, not {value}.", nameof(value));
            }
        }
    }

    /// <inheritdoc />
    public override bool IsNullable { get; set; }

    /// <inheritdoc />
    [AllowNull]
    public override string ParameterName
    {
        get => _parameterName;
        set
        {
            _parameterName = value ?? string.Empty;
            // Computed once here: binding looks names up on every execution.
            _normalizedName = NormalizeName(_parameterName);
        }
    }

    /// <summary>A positive Size cuts a longer string (in chars) or byte array (in bytes) to that length when the
    /// value is bound, as Microsoft.Data.Sqlite does; zero or less binds the whole value.</summary>
    public override int Size { get; set; }

    /// <summary>
    /// The storage class to bind the value in, where its CLR type has more than one form (like Microsoft.Data.Sqlite's
    /// <c>SqliteType</c>): e.g. <see cref="SharpCoreDBType.Real"/> binds a DateTime as a Julian day and
    /// <see cref="SharpCoreDBType.Text"/> a Guid as text. Null (the default) uses the form an explicitly set
    /// <see cref="DbType"/> implies, else the value's default form. See docs/TYPES.md for the table.
    /// </summary>
    public SharpCoreDBType? StorageType { get; set; }

    /// <summary>The storage override in effect: <see cref="StorageType"/>, else the one a set DbType implies.</summary>
    internal SharpCoreDBType? EffectiveStorageType =>
        StorageType ?? (_dbType is { } dbType ? ParameterValues.StorageOf(dbType) : null);

    /// <inheritdoc />
    [AllowNull]
    public override string SourceColumn
    {
        get => _sourceColumn;
        set => _sourceColumn = value ?? string.Empty;
    }

    /// <inheritdoc />
    public override bool SourceColumnNullMapping { get; set; }

    /// <inheritdoc />
    public override object? Value
    {
        get => _value;
        set => _value = value;
    }

    /// <summary>The name without its prefix character, as parameters are matched.</summary>
    internal string NormalizedName => _normalizedName;

    /// <inheritdoc />
    public override void ResetDbType()
    {
        _dbType = null;
        StorageType = null;
    }

    /// <summary>Strips one leading <c>@</c>, <c>:</c>, <c>$</c> or <c>?</c> (so <c>?1</c> names the first positional parameter).</summary>
    internal static string NormalizeName(string name) =>
        name.Length > 0 && name[0] is '@' or ':' or '$' or '?' ? name[1..] : name;

    private static DbType InferDbType(object? value) => value switch
    {
        // As Microsoft.Data.Sqlite and SqlClient, a parameter without a value reports String.
        null or DBNull => DbType.String,
        bool => DbType.Boolean,
        byte => DbType.Byte,
        sbyte => DbType.SByte,
        short => DbType.Int16,
        ushort => DbType.UInt16,
        int => DbType.Int32,
        uint => DbType.UInt32,
        long => DbType.Int64,
        ulong => DbType.UInt64,
        float => DbType.Single,
        double => DbType.Double,
        decimal => DbType.Decimal,
        string or char => DbType.String,
        byte[] or ReadOnlyMemory<byte> or Memory<byte> => DbType.Binary,
        DateTime => DbType.DateTime,
        DateOnly => DbType.Date,
        TimeOnly => DbType.Time,
        DateTimeOffset => DbType.DateTimeOffset,
        Guid => DbType.Guid,
        TimeSpan => DbType.Time,
        _ => DbType.Object,
    };
}
