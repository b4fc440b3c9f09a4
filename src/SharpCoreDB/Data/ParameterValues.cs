using System.Data;
using System.Globalization;
using SharpCoreDB.Records;

namespace SharpCoreDB;

/// <summary>
/// Turns a parameter into the SQL value it binds: its <see cref="System.Data.Common.DbParameter.Size"/> first (a string or byte array
/// longer than a positive Size is cut to it, as Microsoft.Data.Sqlite does), then its storage override
/// (<see cref="SharpCoreDBParameter.StorageType"/>, or the one an explicitly set <see cref="DbType"/> implies), then
/// the value's default form (<see cref="SqlValue.FromObject"/>).
/// </summary>
internal static class ParameterValues
{
    /// <summary>The SQL value of a parameter.</summary>
    /// <param name="parameter">The parameter.</param>
    /// <returns>The value to bind.</returns>
    /// <exception cref="NotSupportedException">The CLR type has no SQL mapping.</exception>
    /// <exception cref="SharpCoreDBException">The value does not fit (TypeMismatch).</exception>
    public static SqlValue ToSqlValue(SharpCoreDBParameter parameter)
    {
        object? value = parameter.Value;
        int size = parameter.Size;
        if (size > 0)
        {
            switch (value)
            {
                case string text when text.Length > size:
                    return Apply(text[..size], parameter);
                case byte[] bytes when bytes.Length > size:
                    return SqlValue.FromBlob(bytes[..size]);
                case ReadOnlyMemory<byte> memory when memory.Length > size:
                    return SqlValue.FromBlob(memory.Span[..size].ToArray());
                case Memory<byte> memory when memory.Length > size:
                    return SqlValue.FromBlob(memory.Span[..size].ToArray());
            }
        }

        return Apply(value, parameter);
    }

    /// <summary>The storage class an explicitly set <see cref="DbType"/> asks for, or null for the value's default
    /// form (the date, time, GUID and decimal types, <see cref="DbType.Object"/>).</summary>
    /// <param name="dbType">The DbType.</param>
    /// <returns>The storage class, or null.</returns>
    public static SharpCoreDBType? StorageOf(DbType dbType) => dbType switch
    {
        DbType.Binary => SharpCoreDBType.Blob,
        DbType.Double or DbType.Single => SharpCoreDBType.Real,
        DbType.String or DbType.AnsiString or DbType.StringFixedLength or DbType.AnsiStringFixedLength or DbType.Xml => SharpCoreDBType.Text,
        DbType.Boolean or DbType.Byte or DbType.SByte or DbType.Int16 or DbType.UInt16 or DbType.Int32 or DbType.UInt32
            or DbType.Int64 or DbType.UInt64 => SharpCoreDBType.Integer,
        _ => null,
    };

    private static SqlValue Apply(object? value, SharpCoreDBParameter parameter)
    {
        SharpCoreDBType? storage = parameter.EffectiveStorageType;
        if (storage is { } asked && TryConvert(value, asked, out SqlValue converted))
        {
            return converted;
        }

        return SqlValue.FromObject(value);
    }

    // The forms a storage class selects; anything else keeps its default form (false).
    private static bool TryConvert(object? value, SharpCoreDBType storage, out SqlValue result)
    {
        switch (storage, value)
        {
            case (SharpCoreDBType.Real, DateTime dateTime):
                result = SqlValue.FromDouble(JulianDay.FromDateTime(dateTime));
                return true;
            case (SharpCoreDBType.Integer, DateTime dateTime):
                result = SqlValue.FromInt64(JulianDay.ToUnixSeconds(dateTime));
                return true;
            case (SharpCoreDBType.Real, DateTimeOffset dateTimeOffset):
                // The moment in UTC, as SQLite's julianday() reads the text form (Microsoft.Data.Sqlite uses the
                // clock time and drops the offset).
                result = SqlValue.FromDouble(JulianDay.FromDateTime(dateTimeOffset.UtcDateTime));
                return true;
            case (SharpCoreDBType.Integer, DateTimeOffset dateTimeOffset):
                result = SqlValue.FromInt64(JulianDay.ToUnixSeconds(dateTimeOffset.UtcDateTime));
                return true;
            case (SharpCoreDBType.Real, DateOnly date):
                result = SqlValue.FromDouble(JulianDay.FromDateTime(date.ToDateTime(TimeOnly.MinValue)));
                return true;
            case (SharpCoreDBType.Integer, DateOnly date):
                result = SqlValue.FromInt64(JulianDay.ToUnixSeconds(date.ToDateTime(TimeOnly.MinValue)));
                return true;
            case (SharpCoreDBType.Real, TimeOnly time):
                result = SqlValue.FromDouble(time.ToTimeSpan().TotalDays);
                return true;
            case (SharpCoreDBType.Real, TimeSpan timeSpan):
                result = SqlValue.FromDouble(timeSpan.TotalDays);
                return true;
            case (SharpCoreDBType.Integer, char c):
                result = SqlValue.FromInt64(c);
                return true;
            case (SharpCoreDBType.Text, Guid guid):
                result = SqlValue.FromGuidText(guid, upperCase: true);
                return true;
            case (SharpCoreDBType.Real, decimal number):
                result = SqlValue.FromDouble((double)number);
                return true;
            case (SharpCoreDBType.Text, decimal number):
                result = SqlValue.FromText(number.ToString(CultureInfo.InvariantCulture));
                return true;
            default:
                result = default;
                return false;
        }
    }
}
