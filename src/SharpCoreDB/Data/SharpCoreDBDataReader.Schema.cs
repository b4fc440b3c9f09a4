using System.Data;
using System.Data.Common;
using System.Globalization;
using SharpCoreDB.Execution;

namespace SharpCoreDB;

public sealed partial class SharpCoreDBDataReader
{
    /// <summary>
    /// Describes the result's columns in the standard <see cref="SchemaTableColumn"/> layout, as Microsoft.Data.Sqlite
    /// does: for a column that reads a table column unchanged, its base table and column, whether it is (part of) the
    /// primary key, unique on its own, AUTOINCREMENT, NOT NULL (the row id and its alias too); for an expression, <c>IsExpression</c>,
    /// <c>IsAliased</c> and <c>IsReadOnly</c>. <c>DataTypeName</c> is the whole declared type (<c>VARCHAR(20)</c>, where
    /// Microsoft.Data.Sqlite says <c>VARCHAR</c>). <c>BaseCatalogName</c> is the database name (<c>main</c>) and <c>BaseSchemaName</c> is
    /// empty, as in Microsoft.Data.Sqlite. Columns read through a view are read-only. <c>ColumnSize</c> is -1 (no
    /// length is enforced); <c>NumericPrecision</c>/<c>NumericScale</c> are the arguments of a declared
    /// <c>DECIMAL(p, s)</c> or <c>NUMERIC(p, s)</c>, otherwise empty. <c>ProviderType</c> is the <see cref="DbType"/>
    /// of the column's CLR type.
    /// </summary>
    /// <returns>One row per column.</returns>
    public override DataTable GetSchemaTable()
    {
        ThrowIfClosed();
        var table = new DataTable("SchemaTable") { Locale = CultureInfo.InvariantCulture };
        DataColumnCollection c = table.Columns;
        var name = c.Add(SchemaTableColumn.ColumnName, typeof(string));
        var ordinal = c.Add(SchemaTableColumn.ColumnOrdinal, typeof(int));
        var size = c.Add(SchemaTableColumn.ColumnSize, typeof(int));
        var precision = c.Add(SchemaTableColumn.NumericPrecision, typeof(short));
        var scale = c.Add(SchemaTableColumn.NumericScale, typeof(short));
        var dataType = c.Add(SchemaTableColumn.DataType, typeof(Type));
        var dataTypeName = c.Add("DataTypeName", typeof(string));
        var providerType = c.Add(SchemaTableColumn.ProviderType, typeof(int));
        var isLong = c.Add(SchemaTableColumn.IsLong, typeof(bool));
        var allowNull = c.Add(SchemaTableColumn.AllowDBNull, typeof(bool));
        var isUnique = c.Add(SchemaTableColumn.IsUnique, typeof(bool));
        var isKey = c.Add(SchemaTableColumn.IsKey, typeof(bool));
        var isAutoIncrement = c.Add(SchemaTableOptionalColumn.IsAutoIncrement, typeof(bool));
        var baseCatalogName = c.Add(SchemaTableOptionalColumn.BaseCatalogName, typeof(string));
        var baseSchemaName = c.Add(SchemaTableColumn.BaseSchemaName, typeof(string));
        var baseTableName = c.Add(SchemaTableColumn.BaseTableName, typeof(string));
        var baseColumnName = c.Add(SchemaTableColumn.BaseColumnName, typeof(string));
        var isAliased = c.Add(SchemaTableColumn.IsAliased, typeof(bool));
        var isExpression = c.Add(SchemaTableColumn.IsExpression, typeof(bool));
        var isReadOnly = c.Add(SchemaTableOptionalColumn.IsReadOnly, typeof(bool));
        var isHidden = c.Add(SchemaTableOptionalColumn.IsHidden, typeof(bool));
        var isRowVersion = c.Add(SchemaTableOptionalColumn.IsRowVersion, typeof(bool));

        for (var i = 0; i < FieldCount; i++)
        {
            var row = table.NewRow();
            var type = GetFieldType(i);
            string columnName = GetName(i);
            BaseColumnInfo? source = _result.GetBase(i);
            string declared = _result.GetDeclaredTypeName(i);
            row[name] = columnName;
            row[ordinal] = i;
            row[size] = -1;
            (short Precision, short Scale)? numeric = type == typeof(decimal) ? Metadata.DeclaredPrecision.Of(declared) : null;
            row[precision] = numeric is { } p ? p.Precision : DBNull.Value;
            row[scale] = numeric is { } s ? s.Scale : DBNull.Value;
            row[dataType] = type;
            row[dataTypeName] = GetDataTypeName(i);
            row[providerType] = (int)DbTypeOf(type);
            row[isLong] = false;
            // The row id and its INTEGER PRIMARY KEY alias never hold NULL (Microsoft.Data.Sqlite says they may, because
            // an INSERT of NULL assigns one); saying so lets DataTable.Load and DbDataAdapter.Fill make them the primary key.
            row[allowNull] = source is not { NotNull: true };
            row[isUnique] = source is { IsUnique: true };
            row[isKey] = source is { IsKey: true };
            row[isAutoIncrement] = source is { AutoIncrement: true };
            row[baseCatalogName] = source is null ? DBNull.Value : "main";
            row[baseSchemaName] = DBNull.Value;
            row[baseTableName] = source is null ? DBNull.Value : source.Table;
            row[baseColumnName] = source is null ? DBNull.Value : source.Column;
            row[isAliased] = source is null || !string.Equals(source.Column, columnName, StringComparison.Ordinal);
            row[isExpression] = source is null;
            row[isReadOnly] = source is null or { ThroughView: true };
            row[isHidden] = false;
            row[isRowVersion] = false;
            table.Rows.Add(row);
        }

        return table;
    }

    private static DbType DbTypeOf(Type type) =>
        type == typeof(long) ? DbType.Int64
        : type == typeof(double) ? DbType.Double
        : type == typeof(string) ? DbType.String
        : type == typeof(byte[]) ? DbType.Binary
        : type == typeof(bool) ? DbType.Boolean
        : type == typeof(DateTime) ? DbType.DateTime
        : type == typeof(Guid) ? DbType.Guid
        : type == typeof(decimal) ? DbType.Decimal
        : DbType.Object;
}
