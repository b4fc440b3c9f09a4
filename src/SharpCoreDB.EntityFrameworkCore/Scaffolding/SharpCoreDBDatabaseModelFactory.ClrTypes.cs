using System.Data.Common;
using System.Text.RegularExpressions;
using Microsoft.EntityFrameworkCore.Scaffolding.Metadata;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

/// <summary>
/// Which CLR type a scaffolded column gets. Declared types carry little in SQLite's dialect (EF's SQLite mappings
/// store dates, GUIDs and decimals as TEXT), so, as the SQLite provider does, a declared type name that says more
/// (<c>DATETIME</c>, <c>DECIMAL</c>, <c>BOOLEAN</c>, …) decides, and otherwise the column's values do: the largest
/// value's storage class and, for text, its form (a date, a date and time, a GUID, …), and the range of integers.
/// </summary>
internal sealed partial class SharpCoreDBDatabaseModelFactory
{
    /// <summary>The annotation EF's scaffolding model factory reads for a column whose CLR type is not its store type's default.</summary>
    private const string ClrTypeAnnotation = "ClrType";

    /// <summary>How many rows the inference reads at most, as the SQLite provider does.</summary>
    private const int SampleRows = 65537;

    private static readonly Dictionary<string, Type> s_typesByDeclaredName = new(StringComparer.OrdinalIgnoreCase)
    {
        ["BIT"] = typeof(bool), ["BOOL"] = typeof(bool), ["BOOLEAN"] = typeof(bool), ["LOGICAL"] = typeof(bool), ["YESNO"] = typeof(bool),
        ["BYTE"] = typeof(byte), ["TINYINT"] = typeof(byte), ["UINT8"] = typeof(byte),
        ["INT8"] = typeof(sbyte), ["SBYTE"] = typeof(sbyte),
        ["INT16"] = typeof(short), ["SHORT"] = typeof(short), ["SMALLINT"] = typeof(short),
        ["UINT16"] = typeof(ushort), ["USHORT"] = typeof(ushort),
        ["UINT"] = typeof(uint), ["UINT32"] = typeof(uint),
        ["BIGINT"] = typeof(long), ["INT64"] = typeof(long), ["LONG"] = typeof(long),
        ["UINT64"] = typeof(ulong), ["ULONG"] = typeof(ulong),
        ["SINGLE"] = typeof(float),
        ["CURRENCY"] = typeof(decimal), ["DECIMAL"] = typeof(decimal), ["MONEY"] = typeof(decimal), ["NUMERIC"] = typeof(decimal),
        ["NUMBER"] = typeof(decimal), ["SMALLMONEY"] = typeof(decimal),
        ["DATE"] = typeof(DateTime), ["DATETIME"] = typeof(DateTime), ["DATETIME2"] = typeof(DateTime), ["SMALLDATE"] = typeof(DateTime),
        ["TIMESTAMP"] = typeof(DateTime), ["DATEONLY"] = typeof(DateOnly), ["TIMEONLY"] = typeof(TimeOnly),
        ["DATETIMEOFFSET"] = typeof(DateTimeOffset), ["TIME"] = typeof(TimeSpan), ["TIMESPAN"] = typeof(TimeSpan),
        ["GUID"] = typeof(Guid), ["UNIQUEIDENTIFIER"] = typeof(Guid), ["UUID"] = typeof(Guid),
    };

    /// <summary>Text forms of EF's SQLite mappings (and ours), most specific first.</summary>
    private static readonly (Regex Form, Type Type)[] s_textForms =
    [
        (new Regex(@"^\d{4}-\d{2}-\d{2}$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(DateOnly)),
        (new Regex(@"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,7})?$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(DateTime)),
        (new Regex(@"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,7})?[-+]\d{2}:\d{2}$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(DateTimeOffset)),
        (new Regex(@"^-?\d+\.\d{1,28}$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(decimal)),
        (new Regex(@"^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(Guid)),
        (new Regex(@"^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d{1,7})?$", RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1)), typeof(TimeSpan)),
    ];

    private void InferClrTypes(DbConnection connection, DatabaseTable table)
    {
        foreach (var column in table.Columns)
        {
            string storeType = column.StoreType ?? "";
            int parenthesis = storeType.IndexOf('(', StringComparison.Ordinal);
            string baseType = (parenthesis < 0 ? storeType : storeType[..parenthesis]).Trim();
            Type? declared = s_typesByDeclaredName.GetValueOrDefault(baseType);
            Type? inferred = declared ?? FromValues(connection, table, column, baseType);
            // Only a type other than the store type's default needs saying.
            if (inferred is not null && inferred != _typeMappingSource.FindMapping(storeType)?.ClrType)
            {
                column[ClrTypeAnnotation] = inferred;
            }
        }
    }

    private static Type? FromValues(DbConnection connection, DatabaseTable table, DatabaseColumn column, string baseType)
    {
        string name = Quote(column.Name);
        using var command = connection.CreateCommand();
        command.CommandText = $"SELECT typeof(max({name})), min({name}), max({name}) FROM (SELECT * FROM {Quote(table.Name)} LIMIT {SampleRows})";
        using var reader = command.ExecuteReader();
        string storageClass = reader.Read() && !reader.IsDBNull(0) ? reader.GetString(0) : "null";
        switch (storageClass)
        {
            case "integer":
                long min = reader.GetInt64(1);
                long max = reader.GetInt64(2);
                return min >= int.MinValue && max <= int.MaxValue ? typeof(int) : typeof(long);
            case "text":
                string largest = reader.GetString(2);
                foreach (var (form, type) in s_textForms)
                {
                    if (form.IsMatch(largest))
                    {
                        return type;
                    }
                }

                return typeof(string);
            case "real":
                return typeof(double);
            case "blob":
                return typeof(byte[]);
            default:
                // No values: an integer type name other than a 64-bit one is an int.
                return baseType.Contains("INT", StringComparison.OrdinalIgnoreCase) ? typeof(int) : null;
        }
    }
}
