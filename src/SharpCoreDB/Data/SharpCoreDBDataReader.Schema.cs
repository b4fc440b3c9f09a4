using System.Data;
using System.Data.Common;

namespace SharpCoreDB;

public sealed partial class SharpCoreDBDataReader
{
    /// <summary>
    /// Describes the result's columns in the standard <see cref="SchemaTableColumn"/> layout: name, ordinal,
    /// CLR type, declared type name. Base table, key and nullability facts are not tracked per result column, so
    /// those fields say "unknown" (AllowDBNull is true, IsKey and IsUnique false).
    /// </summary>
    /// <returns>One row per column.</returns>
    public override DataTable GetSchemaTable()
    {
        ThrowIfClosed();
        var table = new DataTable("SchemaTable") { Locale = System.Globalization.CultureInfo.InvariantCulture };
        var name = table.Columns.Add(SchemaTableColumn.ColumnName, typeof(string));
        var ordinal = table.Columns.Add(SchemaTableColumn.ColumnOrdinal, typeof(int));
        var size = table.Columns.Add(SchemaTableColumn.ColumnSize, typeof(int));
        var precision = table.Columns.Add(SchemaTableColumn.NumericPrecision, typeof(short));
        var scale = table.Columns.Add(SchemaTableColumn.NumericScale, typeof(short));
        var dataType = table.Columns.Add(SchemaTableColumn.DataType, typeof(Type));
        var dataTypeName = table.Columns.Add("DataTypeName", typeof(string));
        var allowNull = table.Columns.Add(SchemaTableColumn.AllowDBNull, typeof(bool));
        var isKey = table.Columns.Add(SchemaTableColumn.IsKey, typeof(bool));
        var isUnique = table.Columns.Add(SchemaTableColumn.IsUnique, typeof(bool));
        var isLong = table.Columns.Add(SchemaTableColumn.IsLong, typeof(bool));
        var baseColumnName = table.Columns.Add(SchemaTableColumn.BaseColumnName, typeof(string));
        var isReadOnly = table.Columns.Add(SchemaTableOptionalColumn.IsReadOnly, typeof(bool));

        for (var i = 0; i < FieldCount; i++)
        {
            var row = table.NewRow();
            var type = GetFieldType(i);
            row[name] = GetName(i);
            row[ordinal] = i;
            row[size] = -1;
            row[precision] = DBNull.Value;
            row[scale] = DBNull.Value;
            row[dataType] = type;
            row[dataTypeName] = GetDataTypeName(i);
            row[allowNull] = true;
            row[isKey] = false;
            row[isUnique] = false;
            row[isLong] = type == typeof(byte[]) || type == typeof(string);
            row[baseColumnName] = GetName(i);
            row[isReadOnly] = true;
            table.Rows.Add(row);
        }

        return table;
    }
}
