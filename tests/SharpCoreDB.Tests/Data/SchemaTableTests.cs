using System.Data;
using System.Data.Common;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Data;

/// <summary>GetSchemaTable against Microsoft.Data.Sqlite's for the same schema and query.</summary>
public sealed class SchemaTableTests : IDisposable
{
    private const string Ddl =
        "CREATE TABLE parent(id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL UNIQUE, name VARCHAR(20), price DECIMAL(10,2));" +
        "CREATE TABLE pair(a INTEGER NOT NULL, b TEXT NOT NULL, c REAL, PRIMARY KEY(a, b));" +
        "CREATE TABLE plain(x INTEGER PRIMARY KEY, y BLOB);" +
        "CREATE VIEW parent_view AS SELECT id, name FROM parent;";

    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");
    private readonly SqliteConnection _sqlite = new("Data Source=:memory:");

    public SchemaTableTests()
    {
        _connection.Open();
        _sqlite.Open();
        foreach (string statement in Ddl.Split(';', StringSplitOptions.RemoveEmptyEntries))
        {
            ConnectionTests.Execute(_connection, statement);
            using var command = _sqlite.CreateCommand();
            command.CommandText = statement;
            command.ExecuteNonQuery();
        }
    }

    public void Dispose()
    {
        _connection.Dispose();
        _sqlite.Dispose();
    }

    public static TheoryData<string> Queries() => new()
    {
        "SELECT * FROM parent",
        "SELECT id AS key, code, name AS label, price FROM parent",
        "SELECT a, b, c FROM pair",
        "SELECT x, y, x + 1 AS next FROM plain",
        "SELECT p.code, q.c FROM parent p JOIN pair q ON q.a = p.id",
        "SELECT length(code), 42 FROM parent",
    };

    [Theory]
    [MemberData(nameof(Queries))]
    public void Key_fields_match_Microsoft_Data_Sqlite(string sql)
    {
        DataTable ours = SchemaOf(_connection, sql);
        DataTable theirs = SchemaOf(_sqlite, sql);
        Assert.Equal(theirs.Rows.Count, ours.Rows.Count);
        string[] fields =
        [
            SchemaTableColumn.ColumnName, SchemaTableColumn.ColumnOrdinal, SchemaTableColumn.BaseTableName,
            SchemaTableColumn.BaseColumnName, SchemaTableOptionalColumn.BaseCatalogName, SchemaTableColumn.BaseSchemaName,
            SchemaTableColumn.IsKey, SchemaTableOptionalColumn.IsAutoIncrement, SchemaTableColumn.IsAliased,
            SchemaTableColumn.IsExpression, SchemaTableColumn.ColumnSize,
        ];
        for (int i = 0; i < ours.Rows.Count; i++)
        {
            foreach (string field in fields)
            {
                object expected = theirs.Rows[i][field];
                if (expected is DBNull && (bool)ours.Rows[i][SchemaTableColumn.IsExpression])
                {
                    // SQLite leaves key facts of an expression unknown; SharpCoreDB states them (false, nullable).
                    continue;
                }

                object actual = ours.Rows[i][field];
                Assert.True(Equals(expected, actual), $"{sql}: column {i} {field}: SQLite says {expected}, SharpCoreDB {actual}");
            }
        }
    }

    [Fact]
    public void Row_id_and_not_null_columns_do_not_allow_null()
    {
        // Microsoft.Data.Sqlite says the INTEGER PRIMARY KEY allows NULL (an INSERT of NULL assigns one); it never
        // holds NULL, and saying so makes it the DataTable's primary key.
        DataTable schema = SchemaOf(_connection, "SELECT id, code, name, rowid FROM parent");
        Assert.Equal([false, false, true, false], [.. schema.Rows.Cast<DataRow>().Select(r => (bool)r[SchemaTableColumn.AllowDBNull])]);
    }

    [Fact]
    public void Unique_follows_single_column_unique_constraints()
    {
        DataTable schema = SchemaOf(_connection, "SELECT id, code, name, a FROM parent, pair");
        Assert.Equal([true, true, false, false], [.. schema.Rows.Cast<DataRow>().Select(r => (bool)r[SchemaTableColumn.IsUnique])]);
    }

    [Fact]
    public void Expressions_and_view_columns_are_read_only_base_columns_are_not()
    {
        DataTable table = SchemaOf(_connection, "SELECT id, upper(code) FROM parent");
        Assert.False((bool)table.Rows[0][SchemaTableOptionalColumn.IsReadOnly]);
        Assert.True((bool)table.Rows[1][SchemaTableOptionalColumn.IsReadOnly]);
        DataTable view = SchemaOf(_connection, "SELECT id, name FROM parent_view");
        Assert.Equal("parent", view.Rows[0][SchemaTableColumn.BaseTableName]);
        Assert.True((bool)view.Rows[0][SchemaTableOptionalColumn.IsReadOnly]);
        Assert.True((bool)view.Rows[1][SchemaTableOptionalColumn.IsReadOnly]);
    }

    [Fact]
    public void Types_precision_and_provider_type_come_from_the_declaration()
    {
        DataTable schema = SchemaOf(_connection, "SELECT id, name, price FROM parent");
        Assert.Equal(typeof(long), schema.Rows[0][SchemaTableColumn.DataType]);
        Assert.Equal((int)DbType.Int64, schema.Rows[0][SchemaTableColumn.ProviderType]);
        Assert.Equal("VARCHAR", schema.Rows[1]["DataTypeName"]);
        Assert.Equal((int)DbType.String, schema.Rows[1][SchemaTableColumn.ProviderType]);
        Assert.Equal(typeof(decimal), schema.Rows[2][SchemaTableColumn.DataType]);
        Assert.Equal((short)10, schema.Rows[2][SchemaTableColumn.NumericPrecision]);
        Assert.Equal((short)2, schema.Rows[2][SchemaTableColumn.NumericScale]);
        Assert.Equal(DBNull.Value, schema.Rows[0][SchemaTableColumn.NumericPrecision]);
    }

    [Fact]
    public void DataTable_Load_gives_editable_rows_with_the_primary_key()
    {
        ConnectionTests.Execute(_connection, "INSERT INTO pair VALUES (1, 'x', 1.5), (2, 'y', NULL)");
        using var command = _connection.CreateCommand();
        command.CommandText = "SELECT a, b, c, a * 2 AS twice FROM pair ORDER BY a";
        var table = new DataTable();
        using (var reader = command.ExecuteReader())
        {
            table.Load(reader);
        }

        Assert.Equal(2, table.Rows.Count);
        Assert.Equal(["a", "b"], [.. table.PrimaryKey.Select(c => c.ColumnName)]);
        Assert.False(table.Columns["a"]!.AllowDBNull);
        Assert.True(table.Columns["twice"]!.ReadOnly);
        table.Rows[0]["c"] = 9.5;
        Assert.Equal(9.5, table.Rows.Find(new object[] { 1L, "x" })!["c"]);
        Assert.Throws<ConstraintException>(() => table.Rows.Add(1L, "x", 0.0));
    }

    private static DataTable SchemaOf(DbConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader(CommandBehavior.KeyInfo);
        return reader.GetSchemaTable()!;
    }
}
