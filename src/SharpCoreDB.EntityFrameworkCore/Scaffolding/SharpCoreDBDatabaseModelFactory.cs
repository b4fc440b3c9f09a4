using System.Data;
using System.Data.Common;
using System.Globalization;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Scaffolding.Metadata;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

/// <summary>
/// Reads a SharpCoreDB database's schema for reverse engineering (<c>dotnet ef dbcontext scaffold</c>): tables and
/// views from <c>sqlite_master</c>, columns, keys, unique constraints, indexes and foreign keys from the PRAGMAs
/// <c>table_xinfo</c>, <c>index_list</c>, <c>index_info</c> and <c>foreign_key_list</c>, and CLR types from declared
/// types and a sample of the data (<c>SharpCoreDBDatabaseModelFactory.ClrTypes.cs</c>). Ours because the SQLite
/// provider's factory opens a <c>SqliteConnection</c> (native SQLite) and queries the <c>pragma_*</c> table-valued
/// functions, which our engine does not have; what it reads and how it maps it follows that factory.
/// </summary>
internal sealed partial class SharpCoreDBDatabaseModelFactory : DatabaseModelFactory
{
    /// <summary>EF's own tables, which a scaffolded model must not contain.</summary>
    private static readonly HashSet<string> s_efTables = new(StringComparer.OrdinalIgnoreCase) { HistoryRepository.DefaultTableName, "__EFMigrationsLock" };

    private readonly IRelationalTypeMappingSource _typeMappingSource;

    public SharpCoreDBDatabaseModelFactory(IRelationalTypeMappingSource typeMappingSource)
    {
        _typeMappingSource = typeMappingSource;
    }

    public override DatabaseModel Create(string connectionString, DatabaseModelFactoryOptions options)
    {
        using var connection = new SharpCoreDBConnection(connectionString);
        return Create(connection, options);
    }

    public override DatabaseModel Create(DbConnection connection, DatabaseModelFactoryOptions options)
    {
        ArgumentNullException.ThrowIfNull(connection);
        ArgumentNullException.ThrowIfNull(options);
        bool openedHere = connection.State != ConnectionState.Open;
        if (openedHere)
        {
            connection.Open();
        }

        try
        {
            return Read(connection, options);
        }
        finally
        {
            if (openedHere)
            {
                connection.Close();
            }
        }
    }

    private DatabaseModel Read(DbConnection connection, DatabaseModelFactoryOptions options)
    {
        string name = Path.GetFileNameWithoutExtension(connection.DataSource);
        var model = new DatabaseModel { DatabaseName = string.IsNullOrEmpty(name) ? "Main" : name };
        // SQLite has no schemas, so options.Schemas selects nothing here (the SQLite provider ignores them too).
        var wanted = new HashSet<string>(options.Tables, StringComparer.OrdinalIgnoreCase);
        foreach (var row in Rows(connection,
            "SELECT \"name\", \"type\", \"sql\" FROM \"sqlite_master\" WHERE \"type\" IN ('table', 'view') ORDER BY \"name\""))
        {
            string tableName = row[0]!;
            if (IsInternal(tableName) || s_efTables.Contains(tableName) || (wanted.Count > 0 && !wanted.Contains(tableName)))
            {
                continue;
            }

            var table = row[1] == "view"
                ? new DatabaseView { Database = model, Name = tableName }
                : new DatabaseTable { Database = model, Name = tableName };
            ReadColumns(connection, table, row[2] ?? "");
            if (table is not DatabaseView)
            {
                ReadKeysAndIndexes(connection, table);
            }

            InferClrTypes(connection, table);
            model.Tables.Add(table);
        }

        foreach (var table in model.Tables)
        {
            ReadForeignKeys(connection, table, model);
        }

        // SQLite lets key columns hold NULL, EF keys cannot: key and principal columns are scaffolded as required, as
        // the SQLite provider does.
        foreach (var table in model.Tables)
        {
            foreach (var column in table.PrimaryKey?.Columns ?? [])
            {
                column.IsNullable = false;
            }

            foreach (var foreignKey in table.ForeignKeys)
            {
                foreach (var column in foreignKey.PrincipalColumns)
                {
                    column.IsNullable = false;
                }
            }
        }

        return model;
    }

    private void ReadColumns(DbConnection connection, DatabaseTable table, string tableSql)
    {
        // An AUTOINCREMENT key is the only column SQLite's CREATE TABLE text marks as generated on insert.
        bool autoIncrement = tableSql.Contains("AUTOINCREMENT", StringComparison.OrdinalIgnoreCase);
        // cid, name, type, notnull, dflt_value, pk, hidden (0 plain, 1 hidden, 2 virtual generated, 3 stored generated)
        foreach (var row in Rows(connection, $"PRAGMA table_xinfo({Quote(table.Name)})"))
        {
            long hidden = long.Parse(row[6]!, CultureInfo.InvariantCulture);
            if (hidden == 1)
            {
                continue;
            }

            string storeType = row[2] ?? "";
            bool notNull = row[3] == "1";
            table.Columns.Add(new DatabaseColumn
            {
                Table = table,
                Name = row[1]!,
                StoreType = storeType,
                IsNullable = !notNull,
                DefaultValueSql = ScaffoldedDefault(storeType, notNull, row[4]),
                ValueGenerated = autoIncrement && row[5] == "1" && table is not DatabaseView ? ValueGenerated.OnAdd : null,
                // The engine does not give a generated column's expression through a PRAGMA; the SQLite provider
                // scaffolds these as computed with empty SQL too.
                ComputedColumnSql = hidden is 2 or 3 ? string.Empty : null,
                IsStored = hidden == 3 ? true : null,
            });
        }

        if (table is DatabaseView && table.Columns.Count == 0)
        {
            ReadViewColumns(connection, table);
        }
    }

    /// <summary>
    /// A view's columns from its result set: the engine's <c>PRAGMA table_xinfo</c> lists a table's columns but not
    /// a view's (SQLite's lists both). Names and declared types come through the reader; a view column may be NULL,
    /// as SQLite's PRAGMA reports for every view column.
    /// </summary>
    private static void ReadViewColumns(DbConnection connection, DatabaseTable view)
    {
        using var command = connection.CreateCommand();
        command.CommandText = $"SELECT * FROM {Quote(view.Name)} LIMIT 0";
        using var reader = command.ExecuteReader();
        for (int i = 0; i < reader.FieldCount; i++)
        {
            view.Columns.Add(new DatabaseColumn { Table = view, Name = reader.GetName(i), StoreType = reader.GetDataTypeName(i), IsNullable = true });
        }
    }

    /// <summary>
    /// A column default as EF should see it: none for <c>NULL</c>, and none for the <c>0</c> EF itself adds to a NOT
    /// NULL numeric column when a migration adds the column to a table with rows.
    /// </summary>
    private string? ScaffoldedDefault(string storeType, bool notNull, string? defaultSql)
    {
        if (defaultSql is null || string.Equals(defaultSql, "NULL", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        return notNull && defaultSql == "0" && IsNumeric(_typeMappingSource.FindMapping(storeType)?.ClrType) ? null : defaultSql;
    }

    private static bool IsNumeric(Type? type) =>
        type == typeof(long) || type == typeof(int) || type == typeof(short) || type == typeof(byte) || type == typeof(double)
        || type == typeof(float) || type == typeof(decimal) || type == typeof(ulong) || type == typeof(uint)
        || type == typeof(ushort) || type == typeof(sbyte);

    private static void ReadKeysAndIndexes(DbConnection connection, DatabaseTable table)
    {
        var keyColumns = new SortedList<long, DatabaseColumn>();
        foreach (var row in Rows(connection, $"PRAGMA table_info({Quote(table.Name)})"))
        {
            long position = long.Parse(row[5]!, CultureInfo.InvariantCulture);
            if (position > 0)
            {
                keyColumns.Add(position, Column(table, row[1]!));
            }
        }

        // seq, name, unique, origin (pk, u, c), partial
        foreach (var row in Rows(connection, $"PRAGMA index_list({Quote(table.Name)})"))
        {
            string indexName = row[1]!;
            var columns = IndexColumns(connection, table, indexName);
            if (columns is null)
            {
                continue; // an index on an expression has no column to scaffold
            }

            switch (row[3])
            {
                case "pk":
                    keyColumns.Clear();
                    table.PrimaryKey = new DatabasePrimaryKey { Table = table, Name = IsInternal(indexName) ? string.Empty : indexName };
                    foreach (var column in columns)
                    {
                        table.PrimaryKey.Columns.Add(column);
                    }

                    break;
                case "u":
                    var unique = new DatabaseUniqueConstraint { Table = table, Name = IsInternal(indexName) ? string.Empty : indexName };
                    foreach (var column in columns)
                    {
                        unique.Columns.Add(column);
                    }

                    table.UniqueConstraints.Add(unique);
                    break;
                default:
                    var index = new DatabaseIndex
                    {
                        Table = table,
                        Name = indexName,
                        IsUnique = row[2] == "1",
                        Filter = row[4] == "1" ? PartialIndexFilter(connection, indexName) : null,
                    };
                    foreach (var column in columns)
                    {
                        index.Columns.Add(column);
                    }

                    table.Indexes.Add(index);
                    break;
            }
        }

        // A rowid table's INTEGER PRIMARY KEY has no index of its own: table_info's pk column names the key.
        if (table.PrimaryKey is null && keyColumns.Count > 0)
        {
            table.PrimaryKey = new DatabasePrimaryKey { Table = table, Name = string.Empty };
            foreach (var column in keyColumns.Values)
            {
                table.PrimaryKey.Columns.Add(column);
            }
        }
    }

    private static List<DatabaseColumn>? IndexColumns(DbConnection connection, DatabaseTable table, string indexName)
    {
        var columns = new List<DatabaseColumn>();
        // seqno, cid, name (NULL for an expression)
        foreach (var row in Rows(connection, $"PRAGMA index_info({Quote(indexName)})"))
        {
            if (row[2] is null)
            {
                return null;
            }

            columns.Add(Column(table, row[2]!));
        }

        return columns;
    }

    private static string? PartialIndexFilter(DbConnection connection, string indexName)
    {
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT \"sql\" FROM \"sqlite_master\" WHERE \"type\" = 'index' AND \"name\" = @name";
        var parameter = command.CreateParameter();
        parameter.ParameterName = "@name";
        parameter.Value = indexName;
        command.Parameters.Add(parameter);
        string? sql = command.ExecuteScalar() as string;
        int where = sql?.LastIndexOf(" WHERE ", StringComparison.OrdinalIgnoreCase) ?? -1;
        return where < 0 ? null : sql![(where + 7)..].Trim();
    }

    private static void ReadForeignKeys(DbConnection connection, DatabaseTable table, DatabaseModel model)
    {
        if (table is DatabaseView)
        {
            return;
        }

        // id, seq, table, from, to (NULL: the principal's primary key), on_update, on_delete, match
        DatabaseForeignKey? current = null;
        long currentId = -1;
        foreach (var row in Rows(connection, $"PRAGMA foreign_key_list({Quote(table.Name)})"))
        {
            long id = long.Parse(row[0]!, CultureInfo.InvariantCulture);
            if (id != currentId)
            {
                currentId = id;
                current = null;
                var principal = model.Tables.FirstOrDefault(t => string.Equals(t.Name, row[2], StringComparison.OrdinalIgnoreCase));
                if (principal is null)
                {
                    continue; // the principal table was not selected for scaffolding
                }

                current = new DatabaseForeignKey { Table = table, PrincipalTable = principal, OnDelete = ReferentialActionOf(row[6]) };
                table.ForeignKeys.Add(current);
            }

            if (current is null)
            {
                continue;
            }

            var principalKey = current.PrincipalTable.PrimaryKey?.Columns;
            if (row[4] is null && (principalKey is null || principalKey.Count <= current.Columns.Count))
            {
                // REFERENCES without columns names the parent's primary key; a parent without one (a schema SQLite
                // reports as a foreign key mismatch when it is used) gives no relationship EF could map.
                table.ForeignKeys.Remove(current);
                current = null;
                continue;
            }

            current.Columns.Add(Column(table, row[3]!));
            current.PrincipalColumns.Add(row[4] is null ? principalKey![current.Columns.Count - 1] : Column(current.PrincipalTable, row[4]!));
        }
    }

    private static ReferentialAction? ReferentialActionOf(string? action) => action?.ToUpperInvariant() switch
    {
        "CASCADE" => ReferentialAction.Cascade,
        "SET NULL" => ReferentialAction.SetNull,
        "SET DEFAULT" => ReferentialAction.SetDefault,
        "RESTRICT" => ReferentialAction.Restrict,
        "NO ACTION" => ReferentialAction.NoAction,
        _ => null,
    };

    private static DatabaseColumn Column(DatabaseTable table, string name) =>
        table.Columns.FirstOrDefault(c => c.Name == name)
        ?? table.Columns.FirstOrDefault(c => string.Equals(c.Name, name, StringComparison.OrdinalIgnoreCase))
        // The engine's PRAGMAs disagreeing with each other is a bug of ours, not bad input.
        ?? throw new InvalidOperationException($"Column '{name}' of '{table.Name}' is named by the schema but not listed by PRAGMA table_xinfo");

    /// <summary>The engine's own objects: SQLite's <c>sqlite_</c> names and our <c>sharpcoredb_</c> automatic indexes.</summary>
    private static bool IsInternal(string name) =>
        name.StartsWith("sqlite_", StringComparison.OrdinalIgnoreCase) || name.StartsWith("sharpcoredb_", StringComparison.OrdinalIgnoreCase);

    private static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    private static List<string?[]> Rows(DbConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var rows = new List<string?[]>();
        while (reader.Read())
        {
            var row = new string?[reader.FieldCount];
            for (int i = 0; i < row.Length; i++)
            {
                row[i] = reader.IsDBNull(i) ? null : Convert.ToString(reader.GetValue(i), CultureInfo.InvariantCulture);
            }

            rows.Add(row);
        }

        return rows;
    }
}
