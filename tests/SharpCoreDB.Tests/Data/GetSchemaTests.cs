using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Tests.Data;

/// <summary>SharpCoreDBConnection.GetSchema: the standard collections and the database's objects with restrictions.</summary>
public sealed class GetSchemaTests : IDisposable
{
    private readonly SharpCoreDBConnection _connection = new("Data Source=:memory:");

    public GetSchemaTests()
    {
        _connection.Open();
        ConnectionTests.Execute(_connection, "CREATE TABLE authors(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, born INTEGER DEFAULT (1900))");
        ConnectionTests.Execute(
            _connection,
            "CREATE TABLE books(id INTEGER PRIMARY KEY, author INTEGER REFERENCES authors ON DELETE CASCADE, title TEXT, price DECIMAL(8,2), " +
            "series TEXT, part INTEGER, CONSTRAINT fk_series FOREIGN KEY (series, part) REFERENCES serials(name, number) ON UPDATE SET NULL)");
        ConnectionTests.Execute(_connection, "CREATE TABLE serials(name TEXT, number INTEGER, PRIMARY KEY(name, number))");
        ConnectionTests.Execute(_connection, "CREATE INDEX books_by_title ON books(title DESC, price)");
        ConnectionTests.Execute(_connection, "CREATE VIEW cheap AS SELECT title FROM books WHERE price < 10");
        ConnectionTests.Execute(_connection, "CREATE TRIGGER books_touch AFTER UPDATE ON books BEGIN SELECT 1; END");
    }

    public void Dispose() => _connection.Dispose();

    [Fact]
    public void MetaDataCollections_lists_every_collection_and_each_can_be_read()
    {
        DataTable collections = _connection.GetSchema();
        string[] names = [.. collections.Rows.Cast<DataRow>().Select(r => (string)r[DbMetaDataColumnNames.CollectionName])];
        Assert.Equal(
            ["MetaDataCollections", "DataSourceInformation", "DataTypes", "Restrictions", "ReservedWords", "Tables", "Columns", "Indexes", "IndexColumns", "Views", "ForeignKeys", "Triggers"],
            names);
        foreach (string name in names)
        {
            Assert.Equal(name, _connection.GetSchema(name.ToLowerInvariant()).TableName);
        }
    }

    [Fact]
    public void Restrictions_collection_agrees_with_the_restriction_counts()
    {
        DataTable collections = _connection.GetSchema(DbMetaDataCollectionNames.MetaDataCollections);
        DataTable restrictions = _connection.GetSchema(DbMetaDataCollectionNames.Restrictions);
        foreach (DataRow collection in collections.Rows)
        {
            string name = (string)collection[DbMetaDataColumnNames.CollectionName];
            int count = restrictions.Rows.Cast<DataRow>().Count(r => (string)r["CollectionName"] == name);
            Assert.Equal((int)collection[DbMetaDataColumnNames.NumberOfRestrictions], count);
        }

        Assert.Equal(["Catalog", "Schema", "Table", "Column"], [.. restrictions.Rows.Cast<DataRow>().Where(r => (string)r["CollectionName"] == "Columns").Select(r => (string)r["RestrictionName"])]);
    }

    [Fact]
    public void DataSourceInformation_DataTypes_and_ReservedWords_describe_the_provider()
    {
        DataRow info = Assert.Single(_connection.GetSchema(DbMetaDataCollectionNames.DataSourceInformation).Rows.Cast<DataRow>());
        Assert.Equal("SharpCoreDB", info[DbMetaDataColumnNames.DataSourceProductName]);
        Assert.Equal(_connection.ServerVersion, info[DbMetaDataColumnNames.DataSourceProductVersion]);
        DataTable types = _connection.GetSchema(DbMetaDataCollectionNames.DataTypes);
        DataRow integer = types.Rows.Cast<DataRow>().Single(r => (string)r[DbMetaDataColumnNames.TypeName] == "INTEGER");
        Assert.Equal(typeof(long).FullName, integer[DbMetaDataColumnNames.DataType]);
        Assert.Equal((int)DbType.Int64, integer[DbMetaDataColumnNames.ProviderDbType]);
        string[] words = [.. _connection.GetSchema(DbMetaDataCollectionNames.ReservedWords).Rows.Cast<DataRow>().Select(r => (string)r[0])];
        Assert.Contains("SELECT", words);
        Assert.Contains("AUTOINCREMENT", words);
    }

    [Fact]
    public void Tables_lists_tables_and_filters_by_name_and_type()
    {
        Assert.Equal(["authors", "books", "serials"], TableNames(_connection.GetSchema("Tables", [null, null, null, "table"])));
        Assert.Equal(["books"], TableNames(_connection.GetSchema("Tables", ["main", null, "BOOKS"])));
        Assert.Empty(_connection.GetSchema("Tables", ["other"]).Rows);
        Assert.Empty(_connection.GetSchema("Tables", [null, "dbo"]).Rows);
        Assert.Equal(["sqlite_schema"], TableNames(_connection.GetSchema("Tables", [null, null, null, "SYSTEM_TABLE"])));
    }

    [Fact]
    public void Columns_report_types_nullability_defaults_and_keys()
    {
        DataTable columns = _connection.GetSchema("Columns", [null, null, "authors"]);
        Assert.Equal(["id", "name", "born"], [.. columns.Rows.Cast<DataRow>().Select(r => (string)r["COLUMN_NAME"])]);
        DataRow id = columns.Rows[0], name = columns.Rows[1], born = columns.Rows[2];
        Assert.True((bool)id["PRIMARY_KEY"]);
        Assert.True((bool)id["AUTOINCREMENT"]);
        Assert.False((bool)name["IS_NULLABLE"]);
        Assert.True((bool)name["UNIQUE"]);
        Assert.Equal("1900", born["COLUMN_DEFAULT"]);
        Assert.True((bool)born["COLUMN_HASDEFAULT"]);
        Assert.Equal(3, born["ORDINAL_POSITION"]);
        DataRow price = Assert.Single(_connection.GetSchema("Columns", [null, null, "books", "PRICE"]).Rows.Cast<DataRow>());
        Assert.Equal("DECIMAL(8,2)", price["DATA_TYPE"]);
        Assert.Equal(8, price["NUMERIC_PRECISION"]);
        Assert.Equal(2, price["NUMERIC_SCALE"]);
    }

    [Fact]
    public void Indexes_and_IndexColumns_include_constraint_indexes()
    {
        DataTable indexes = _connection.GetSchema("Indexes", [null, null, "books"]);
        DataRow byTitle = Assert.Single(indexes.Rows.Cast<DataRow>());
        Assert.Equal("books_by_title", byTitle["INDEX_NAME"]);
        Assert.False((bool)byTitle["UNIQUE"]);
        DataRow serialsKey = Assert.Single(_connection.GetSchema("Indexes", [null, null, "serials"]).Rows.Cast<DataRow>());
        Assert.True((bool)serialsKey["PRIMARY_KEY"]);
        Assert.Equal("pk", serialsKey["ORIGIN"]);

        DataTable keyColumns = _connection.GetSchema("IndexColumns", [null, null, "books", "books_by_title"]);
        Assert.Equal(["title", "price"], [.. keyColumns.Rows.Cast<DataRow>().Select(r => (string)r["COLUMN_NAME"])]);
        Assert.Equal(["DESC", "ASC"], [.. keyColumns.Rows.Cast<DataRow>().Select(r => (string)r["SORT_MODE"])]);
        Assert.Single(_connection.GetSchema("IndexColumns", [null, null, null, null, "price"]).Rows);
    }

    [Fact]
    public void Views_and_Triggers_are_listed_with_their_definitions()
    {
        DataRow view = Assert.Single(_connection.GetSchema("Views").Rows.Cast<DataRow>());
        Assert.Equal("cheap", view["TABLE_NAME"]);
        Assert.StartsWith("CREATE VIEW cheap", (string)view["VIEW_DEFINITION"], StringComparison.Ordinal);
        ConnectionTests.Execute(_connection, "CREATE TEMP VIEW mine AS SELECT 1");
        Assert.Equal("temp", Assert.Single(_connection.GetSchema("Views", ["temp"]).Rows.Cast<DataRow>())["TABLE_CATALOG"]);

        DataRow trigger = Assert.Single(_connection.GetSchema("Triggers", [null, null, "books"]).Rows.Cast<DataRow>());
        Assert.Equal("books_touch", trigger["TRIGGER_NAME"]);
        Assert.Empty(_connection.GetSchema("Triggers", [null, null, "authors"]).Rows);
    }

    [Fact]
    public void ForeignKeys_come_from_references_clauses_numbered_as_the_pragma_does()
    {
        DataTable keys = _connection.GetSchema("ForeignKeys", [null, null, "books"]);
        Assert.Equal(3, keys.Rows.Count);
        DataRow author = keys.Rows.Cast<DataRow>().Single(r => (string)r["FKEY_FROM_COLUMN"] == "author");
        Assert.Equal("authors", author["FKEY_TO_TABLE"]);
        Assert.Equal("id", author["FKEY_TO_COLUMN"]);
        Assert.Equal("CASCADE", author["FKEY_ON_DELETE"]);
        Assert.Equal(1, author["FKEY_ID"]);
        DataRow[] series = [.. keys.Rows.Cast<DataRow>().Where(r => (string)r["CONSTRAINT_NAME"] == "fk_series")];
        Assert.Equal(["name", "number"], [.. series.Select(r => (string)r["FKEY_TO_COLUMN"])]);
        Assert.Equal([1, 2], [.. series.Select(r => (int)r["FKEY_FROM_ORDINAL_POSITION"])]);
        Assert.All(series, r => Assert.Equal("SET NULL", r["FKEY_ON_UPDATE"]));
        Assert.All(series, r => Assert.Equal(0, r["FKEY_ID"]));
        Assert.Equal(2, _connection.GetSchema("ForeignKeys", [null, null, null, "fk_series"]).Rows.Count);
    }

    [Fact]
    public void Collections_see_the_schema_of_the_open_transaction()
    {
        using SharpCoreDBTransaction transaction = _connection.BeginTransaction();
        using (SharpCoreDBCommand create = _connection.CreateCommand())
        {
            create.CommandText = "CREATE TABLE pending(x)";
            create.ExecuteNonQuery();
        }

        Assert.Single(_connection.GetSchema("Tables", [null, null, "pending"]).Rows);
        transaction.Rollback();
        Assert.Empty(_connection.GetSchema("Tables", [null, null, "pending"]).Rows);
    }

    [Fact]
    public void Unknown_collections_too_many_restrictions_and_a_closed_connection_are_refused()
    {
        Assert.Throws<ArgumentException>(() => _connection.GetSchema("Nope"));
        Assert.Throws<ArgumentException>(() => _connection.GetSchema("Views", [null, null, null, null]));
        using var closed = new SharpCoreDBConnection("Data Source=:memory:");
        Assert.Throws<InvalidOperationException>(() => closed.GetSchema("Tables"));
    }

    private static string[] TableNames(DataTable table) => [.. table.Rows.Cast<DataRow>().Select(r => (string)r["TABLE_NAME"])];
}
