using System.Collections.Immutable;
using SharpCoreDB.Transactions;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Catalog;

/// <summary>
/// The catalog on disk: a B+tree whose root is the transaction's catalog root, with one entry per table, index
/// view and trigger, one AUTOINCREMENT sequence entry per such table, and the schema version. Because it is an ordinary
/// tree in the transaction, DDL commits and rolls back with the data, and the schema survives reopening.
/// </summary>
/// <remarks>
/// <code>
/// key   = KeyEncoder(kind INTEGER, lower-case name TEXT)
/// kind 0 (version):  value = record(version INTEGER)                          name = ''
/// kind 1 (table), 2 (index), 3 (view):
///                    value = record(type TEXT, name TEXT, table TEXT, root INTEGER, sql TEXT or NULL)
///                    (sql is NULL for the indexes that enforce PRIMARY KEY / UNIQUE constraints)
/// kind 4 (sequence): value = record(table TEXT, largest row id ever used INTEGER)
/// kind 5 (trigger):  value = record('trigger', name TEXT, table TEXT, creation order INTEGER, sql TEXT)
/// </code>
/// On open the stored CREATE statements are parsed again to rebuild the in-memory <see cref="Schema"/>.
/// </remarks>
internal static partial class CatalogStore
{
    private const long VersionKind = 0;
    private const long TableKind = 1;
    private const long IndexKind = 2;
    private const long ViewKind = 3;
    private const long SequenceKind = 4;
    private const long TriggerKind = 5;
    private const long UserVersionKind = 6;

    // Read at the start of every transaction to see whether the cached schema is current, so encoded once.
    private static readonly byte[] s_versionKey = Key(VersionKind, string.Empty);

    /// <summary>Reads the schema version stored in the catalog (0 for a database without one).</summary>
    /// <param name="transaction">The transaction.</param>
    /// <returns>The version.</returns>
    public static long ReadVersion(UndoableTransaction transaction)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root == 0)
        {
            return 0;
        }

        Span<byte> value = stackalloc byte[32];
        if (!transaction.Tree(root).TryGet(s_versionKey, value, out int length) || length > value.Length)
        {
            return 0;
        }

        var reader = new RecordReader(value[..length]);
        return reader.GetInt64(0);
    }

    /// <summary>Rebuilds the schema from the catalog by parsing every stored CREATE statement.</summary>
    /// <param name="transaction">The transaction.</param>
    /// <returns>The schema.</returns>
    /// <exception cref="SharpCoreDBException">Corrupt when an entry does not parse or names a missing table.</exception>
    public static Schema Load(UndoableTransaction transaction)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root == 0)
        {
            return Schema.Empty;
        }

        long version = 0;
        var tables = new List<(string Name, uint Root, string Sql)>();
        var indexes = new Dictionary<string, (string Table, uint Root, string? Sql)>(StringComparer.OrdinalIgnoreCase);
        var views = new List<(string Name, string Sql)>();
        var triggers = new List<(string Name, string Table, long Order, string Sql)>();
        var keyValues = new SqlValue[1];
        using (BTreeCursor cursor = transaction.Tree(root).OpenCursor())
        {
            try
            {
                ReadEntries(cursor, keyValues, ref version, tables, indexes, views, triggers);
            }
            catch (Exception ex) when (ex is InvalidCastException or FormatException or IndexOutOfRangeException or ArgumentException or OverflowException)
            {
                // A catalog root that points at another tree (or a damaged entry) holds records of other shapes.
                throw new SharpCoreDBException(
                    SharpCoreDBErrorCode.Corrupt,
                    $"The catalog of the database (root page {root}) is damaged: its entries are not catalog records ({ex.Message}).",
                    ex);
            }
        }

        return Build(version, tables, indexes, views, triggers);
    }

    private static void ReadEntries(
        BTreeCursor cursor,
        SqlValue[] keyValues,
        ref long version,
        List<(string Name, uint Root, string Sql)> tables,
        Dictionary<string, (string Table, uint Root, string? Sql)> indexes,
        List<(string Name, string Sql)> views,
        List<(string Name, string Table, long Order, string Sql)> triggers)
    {
        {
            for (bool more = cursor.First(); more; more = cursor.MoveNext())
            {
                KeyEncoder.Decode(cursor.Key, keyValues);
                long kind = keyValues[0].AsInt64();
                byte[] valueBytes = cursor.GetValue();
                var reader = new RecordReader(valueBytes);
                switch (kind)
                {
                    case VersionKind:
                        version = reader.GetInt64(0);
                        break;
                    case TableKind:
                        tables.Add((reader.GetString(1), (uint)reader.GetInt64(3), reader.GetString(4)));
                        break;
                    case IndexKind:
                        {
                            string name = reader.GetString(1);
                            bool constraint = reader.IsNull(4);
                            if (constraint && name.StartsWith(TableSchemaBuilder.LegacyAutoIndexPrefix, StringComparison.Ordinal))
                            {
                                // A constraint index stored under the engine's former name: the table asks for it by
                                // SQLite's name, and rewriting the table stores it under that name.
                                name = string.Concat(TableSchemaBuilder.AutoIndexPrefix, name.AsSpan(TableSchemaBuilder.LegacyAutoIndexPrefix.Length));
                            }

                            indexes[name] = (reader.GetString(2), (uint)reader.GetInt64(3), constraint ? null : reader.GetString(4));
                            break;
                        }
                    case ViewKind:
                        views.Add((reader.GetString(1), reader.GetString(4)));
                        break;
                    case SequenceKind:
                    case UserVersionKind:
                        break;
                    case TriggerKind:
                        triggers.Add((reader.GetString(1), reader.GetString(2), reader.GetInt64(3), reader.GetString(4)));
                        break;
                    default:
                        throw Corrupt($"an entry of unknown kind {kind}");
                }
            }
        }
    }

    private static Schema Build(
        long version,
        List<(string Name, uint Root, string Sql)> tables,
        Dictionary<string, (string Table, uint Root, string? Sql)> indexes,
        List<(string Name, string Sql)> views,
        List<(string Name, string Table, long Order, string Sql)> triggers)
    {
        Schema schema = Schema.Empty.WithVersion(version);
        foreach ((string name, uint tableRoot, string sql) in tables)
        {
            if (Parse(sql, name) is not CreateTableStatement create)
            {
                throw Corrupt($"the definition of table {name} is not a CREATE TABLE");
            }

            TableSchema table = TableSchemaBuilder.Build(
                create,
                tableRoot,
                indexName => indexes.TryGetValue(indexName, out var entry) && entry.Sql is null
                    ? entry.Root
                    : throw Corrupt($"the constraint index {indexName} of table {name} is missing"));
            schema = schema.WithTable(table);
        }

        foreach (KeyValuePair<string, (string Table, uint Root, string? Sql)> entry in indexes)
        {
            if (entry.Value.Sql is null)
            {
                continue;
            }

            if (Parse(entry.Value.Sql, entry.Key) is not CreateIndexStatement create)
            {
                throw Corrupt($"the definition of index {entry.Key} is not a CREATE INDEX");
            }

            TableSchema table = schema.FindTable(entry.Value.Table) ?? throw Corrupt($"index {entry.Key} names the missing table {entry.Value.Table}");
            schema = schema.WithIndex(IndexSchemaBuilder.Build(create, table, entry.Value.Root));
        }

        foreach ((string name, string sql) in views)
        {
            if (Parse(sql, name) is not CreateViewStatement create)
            {
                throw Corrupt($"the definition of view {name} is not a CREATE VIEW");
            }

            schema = schema.WithView(ViewBuilder(create));
        }

        foreach ((string name, string table, long order, string sql) in triggers)
        {
            if (Parse(sql, name) is not CreateTriggerStatement create)
            {
                throw Corrupt($"the definition of trigger {name} is not a CREATE TRIGGER");
            }

            // A table's trigger, or a view's INSTEAD OF trigger.
            if (schema.FindTable(table) is null && (create.Timing != TriggerTiming.InsteadOf || schema.FindView(table) is null))
            {
                throw Corrupt($"trigger {name} names the missing table {table}");
            }

            schema = schema.WithTrigger(new TriggerSchema { Name = name, TableName = table, Statement = create, Order = order });
        }

        return schema;
    }

    /// <summary>Builds a view's schema object from its statement.</summary>
    /// <param name="create">The CREATE VIEW.</param>
    /// <returns>The view.</returns>
    public static ViewSchema ViewBuilder(CreateViewStatement create)
    {
        var names = ImmutableArray.CreateBuilder<string>(create.Columns.IsDefault ? 0 : create.Columns.Length);
        if (!create.Columns.IsDefault)
        {
            foreach (Identifier column in create.Columns)
            {
                names.Add(column.Name);
            }
        }

        return new ViewSchema { Name = create.Name.Name, ColumnNames = names.ToImmutable(), Query = create.Query, Sql = create.SourceText };
    }

    /// <summary>The application's own version number (<c>PRAGMA user_version</c>; 0 until one is set).</summary>
    /// <param name="transaction">The transaction.</param>
    /// <returns>The value.</returns>
    public static long ReadUserVersion(UndoableTransaction transaction)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root == 0 || transaction.Tree(root).Get(Key(UserVersionKind, string.Empty)) is not { } value)
        {
            return 0;
        }

        return new RecordReader(value).GetInt64(0);
    }

    /// <summary>Stores the application's version number (part of the transaction).</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="value">The value.</param>
    public static void WriteUserVersion(UndoableTransaction transaction, long value) =>
        Put(transaction, UserVersionKind, string.Empty, [SqlValue.FromInt64(value)]);

    /// <summary>Stores the schema version.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="version">The version.</param>
    public static void WriteVersion(UndoableTransaction transaction, long version) =>
        Put(transaction, VersionKind, string.Empty, [SqlValue.FromInt64(version)]);

    /// <summary>Stores a table and its constraint indexes.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="table">The table.</param>
    public static void PutTable(UndoableTransaction transaction, TableSchema table)
    {
        PutObject(transaction, TableKind, "table", table.Name, table.Name, table.RootPage, table.Sql);
        foreach (IndexSchema index in table.Indexes)
        {
            if (index.Origin != IndexOrigin.CreateIndex)
            {
                PutIndex(transaction, index);
            }
        }
    }

    /// <summary>Stores an index.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="index">The index.</param>
    public static void PutIndex(UndoableTransaction transaction, IndexSchema index)
    {
        RemoveLegacyName(transaction, index);
        PutObject(transaction, IndexKind, "index", index.Name, index.TableName, index.RootPage, index.Sql);
    }

    /// <summary>Stores a view.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="view">The view.</param>
    public static void PutView(UndoableTransaction transaction, ViewSchema view) =>
        PutObject(transaction, ViewKind, "view", view.Name, view.Name, 0, view.Sql);

    /// <summary>Stores a trigger.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="trigger">The trigger.</param>
    public static void PutTrigger(UndoableTransaction transaction, TriggerSchema trigger) =>
        PutObject(transaction, TriggerKind, "trigger", trigger.Name, trigger.TableName, trigger.Order, trigger.Sql);

    /// <summary>Removes a trigger.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="trigger">The trigger.</param>
    public static void RemoveTrigger(UndoableTransaction transaction, TriggerSchema trigger) => Remove(transaction, TriggerKind, trigger.Name);

    /// <summary>Removes a table, its indexes and its sequence.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="table">The table.</param>
    public static void RemoveTable(UndoableTransaction transaction, TableSchema table)
    {
        Remove(transaction, TableKind, table.Name);
        Remove(transaction, SequenceKind, table.Name);
        foreach (IndexSchema index in table.Indexes)
        {
            RemoveLegacyName(transaction, index);
            Remove(transaction, IndexKind, index.Name);
        }
    }

    // A constraint index read from an older catalog is still stored under its former name: changing or dropping its
    // table removes that entry too, so no stale entry outlives it.
    private static void RemoveLegacyName(UndoableTransaction transaction, IndexSchema index)
    {
        if (index.Sql is null && index.Name.StartsWith(TableSchemaBuilder.AutoIndexPrefix, StringComparison.Ordinal))
        {
            Remove(transaction, IndexKind, string.Concat(TableSchemaBuilder.LegacyAutoIndexPrefix, index.Name.AsSpan(TableSchemaBuilder.AutoIndexPrefix.Length)));
        }
    }

    /// <summary>Removes an index.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="index">The index.</param>
    public static void RemoveIndex(UndoableTransaction transaction, IndexSchema index) => Remove(transaction, IndexKind, index.Name);

    /// <summary>Removes a view.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="view">The view.</param>
    public static void RemoveView(UndoableTransaction transaction, ViewSchema view) => Remove(transaction, ViewKind, view.Name);

    /// <summary>The largest row id an AUTOINCREMENT table ever used (0 when none).</summary>
    /// <param name="transaction">The transaction.</param>
    /// <param name="table">The table name.</param>
    /// <returns>The sequence value.</returns>
    public static long ReadSequence(UndoableTransaction transaction, string table)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root == 0)
        {
            return 0;
        }

        byte[] key = Key(SequenceKind, table);
        byte[]? value = transaction.Tree(root).Get(key);
        if (value is null)
        {
            return 0;
        }

        var reader = new RecordReader(value);
        return reader.GetInt64(1);
    }

    /// <summary>Stores the largest row id an AUTOINCREMENT table used.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="table">The table name.</param>
    /// <param name="value">The sequence value.</param>
    public static void WriteSequence(UndoableTransaction transaction, string table, long value) =>
        Put(transaction, SequenceKind, table, [SqlValue.FromText(table), SqlValue.FromInt64(value)]);

    private static void PutObject(UndoableTransaction transaction, long kind, string type, string name, string table, long root, string? sql)
    {
        // The catalog stores UTF-8, in which a lone surrogate becomes U+FFFD: the object would exist under one name
        // now and another after a reopen. Refused while it is being created instead (the statement is undone).
        ThrowIfLoneSurrogate(type, name, name);
        ThrowIfLoneSurrogate(type, name, sql);
        Put(
            transaction,
            kind,
            name,
            [
                SqlValue.FromText(type),
                SqlValue.FromText(name),
                SqlValue.FromText(table),
                SqlValue.FromInt64(root),
                sql is null ? SqlValue.Null : SqlValue.FromText(sql),
            ]);
    }

    private static void ThrowIfLoneSurrogate(string type, string name, string? text)
    {
        if (text is not null && LoneSurrogateAt(text) is int at)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Unsupported,
                $"The definition of {type} '{name}' holds an unpaired UTF-16 surrogate (U+{(int)text[at]:X4} at character {at}), which cannot be stored: names and schema text must be valid Unicode.");
        }
    }

    // The index of the first surrogate that is not half of a pair, or null.
    private static int? LoneSurrogateAt(string text)
    {
        for (int i = text.AsSpan().IndexOfAnyInRange('\uD800', '\uDFFF'); i >= 0 && i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return i;
            }
        }

        return null;
    }

    private static void Put(UndoableTransaction transaction, long kind, string name, SqlValue[] values)
    {
        uint root = EnsureRoot(transaction);
        byte[] record = new byte[RecordWriter.GetSize(values)];
        RecordWriter.Write(values, record);
        transaction.Put(root, Key(kind, name), record);
    }

    private static void Remove(UndoableTransaction transaction, long kind, string name)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root != 0)
        {
            transaction.Delete(root, Key(kind, name));
        }
    }

    // The catalog tree is created outside the statement undo log on purpose: the catalog root lives in the
    // database header, which undo does not restore, and an empty catalog tree is harmless.
    private static uint EnsureRoot(UndoableTransaction transaction)
    {
        uint root = transaction.Pages.CatalogRoot;
        if (root == 0)
        {
            root = BTree.Create(transaction.Pages);
            transaction.Pages.CatalogRoot = root;
        }

        return root;
    }

    private static byte[] Key(long kind, string name)
    {
        using var writer = new PooledBufferWriter();
        KeyEncoder.Encode([SqlValue.FromInt64(kind), SqlValue.FromText(name.ToLowerInvariant())], default, writer);
        return writer.WrittenSpan.ToArray();
    }

    private static Statement Parse(string sql, string name)
    {
        try
        {
            return SqlParser.ParseStatement(sql);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.SyntaxError)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"the catalog entry for {name} does not parse: {e.Message}", e);
        }
    }

    private static SharpCoreDBException Corrupt(string what) =>
        new(SharpCoreDBErrorCode.Corrupt, $"the catalog is damaged: {what}");
}
