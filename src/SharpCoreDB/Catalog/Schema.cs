using System.Collections.Immutable;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>
/// An immutable picture of the catalog at one schema version: tables (with their indexes), indexes by name, views
/// and triggers. DDL builds a new picture; plans bound against an older version are rebound.
/// </summary>
/// <remarks>
/// Tables, indexes and views share one name space, as in SQLite; triggers have their own. Names compare
/// case-insensitively.
/// </remarks>
internal sealed class Schema
{
    private static readonly StringComparer s_names = StringComparer.OrdinalIgnoreCase;
    private static readonly ImmutableDictionary<string, ViewSchema> s_noViews = ImmutableDictionary.Create<string, ViewSchema>(s_names);

    // Foreign keys by parent table name, built on first use (the picture is immutable, so a race builds equal maps).
    private ImmutableDictionary<string, ImmutableArray<ForeignKeySchema>>? _referencing;

    // Indexes ordered by a comparer (a user-collated key column), by root page; built on first use, empty for most.
    private Dictionary<uint, IndexSchema>? _userOrdered;

    private Schema(
        long version,
        ImmutableDictionary<string, TableSchema> tables,
        ImmutableDictionary<string, IndexSchema> indexes,
        ImmutableDictionary<string, ViewSchema> views,
        ImmutableDictionary<string, TriggerSchema> triggers,
        ImmutableDictionary<string, ViewSchema>? temporaryViews = null)
    {
        Version = version;
        Tables = tables;
        Indexes = indexes;
        Views = views;
        Triggers = triggers;
        TemporaryViews = temporaryViews ?? s_noViews;
    }

    /// <summary>The empty schema of a new database.</summary>
    public static Schema Empty { get; } = new(
        0,
        ImmutableDictionary.Create<string, TableSchema>(s_names),
        ImmutableDictionary.Create<string, IndexSchema>(s_names),
        ImmutableDictionary.Create<string, ViewSchema>(s_names),
        ImmutableDictionary.Create<string, TriggerSchema>(s_names));

    /// <summary>The schema version: stored in the catalog and raised by every DDL statement.</summary>
    public long Version { get; }

    /// <summary>Tables by name.</summary>
    public ImmutableDictionary<string, TableSchema> Tables { get; }

    /// <summary>Indexes by name.</summary>
    public ImmutableDictionary<string, IndexSchema> Indexes { get; }

    /// <summary>Views by name.</summary>
    public ImmutableDictionary<string, ViewSchema> Views { get; }

    /// <summary>Triggers by name.</summary>
    public ImmutableDictionary<string, TriggerSchema> Triggers { get; }

    /// <summary>
    /// The session's TEMPORARY views laid over the stored schema: found before any stored object of the same name,
    /// never stored in the catalog.
    /// </summary>
    public ImmutableDictionary<string, ViewSchema> TemporaryViews { get; }

    /// <summary>
    /// The index whose tree has root <paramref name="root"/> when its keys are ordered by a comparer (a key column has
    /// a user collation; a WITHOUT ROWID table's clustered PRIMARY KEY counts, its root being the table's), else null.
    /// Every opening of a tree asks, so the answer comes from a map built once per schema picture.
    /// </summary>
    /// <param name="root">The root page.</param>
    /// <returns>The index, or null for a byte-ordered tree.</returns>
    public IndexSchema? UserOrderedIndex(uint root)
    {
        Dictionary<uint, IndexSchema>? map = Volatile.Read(ref _userOrdered);
        if (map is null)
        {
            map = [];
            foreach (IndexSchema index in Indexes.Values)
            {
                if (index.HasUserCollation)
                {
                    map[index.RootPage] = index;
                }
            }

            foreach (TableSchema table in Tables.Values)
            {
                if (table.PrimaryKey is { HasUserCollation: true } primaryKey)
                {
                    map[primaryKey.RootPage] = primaryKey;
                }
            }

            Volatile.Write(ref _userOrdered, map);
        }

        return map.Count == 0 ? null : map.GetValueOrDefault(root);
    }

    /// <summary>
    /// The foreign keys whose parent is <paramref name="parent"/> (of every table, the parent itself included), found
    /// once per schema picture: every write to a parent table with foreign keys on asks.
    /// </summary>
    /// <param name="parent">The parent table's name.</param>
    /// <returns>The constraints, in table-name then id order.</returns>
    public ImmutableArray<ForeignKeySchema> ForeignKeysReferencing(string parent)
    {
        ImmutableDictionary<string, ImmutableArray<ForeignKeySchema>>? referencing = Volatile.Read(ref _referencing);
        if (referencing is null)
        {
            var lists = new Dictionary<string, ImmutableArray<ForeignKeySchema>.Builder>(s_names);
            foreach (TableSchema table in Tables.Values.OrderBy(t => t.Name, StringComparer.OrdinalIgnoreCase))
            {
                foreach (ForeignKeySchema foreignKey in table.ForeignKeys)
                {
                    if (!lists.TryGetValue(foreignKey.ParentTable, out ImmutableArray<ForeignKeySchema>.Builder? list))
                    {
                        list = ImmutableArray.CreateBuilder<ForeignKeySchema>();
                        lists.Add(foreignKey.ParentTable, list);
                    }

                    list.Add(foreignKey);
                }
            }

            referencing = lists.ToImmutableDictionary(p => p.Key, p => p.Value.ToImmutable(), s_names);
            Volatile.Write(ref _referencing, referencing);
        }

        return referencing.GetValueOrDefault(parent, []);
    }

    /// <summary>Finds a table.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The table or null.</returns>
    public TableSchema? FindTable(string name) => Tables.GetValueOrDefault(name);

    /// <summary>Finds an index.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The index or null.</returns>
    public IndexSchema? FindIndex(string name) => Indexes.GetValueOrDefault(name);

    /// <summary>Finds a trigger.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The trigger or null.</returns>
    public TriggerSchema? FindTrigger(string name) => Triggers.GetValueOrDefault(name);

    /// <summary>The triggers on a table for an event, newest first (the order they fire in).</summary>
    /// <param name="table">The table name.</param>
    /// <param name="triggerEvent">The event.</param>
    /// <returns>The triggers; empty when there are none.</returns>
    public List<TriggerSchema> TriggersOn(string table, TriggerEvent triggerEvent)
    {
        var found = new List<TriggerSchema>();
        foreach (TriggerSchema trigger in TriggersOf(table))
        {
            if (trigger.Event == triggerEvent)
            {
                found.Add(trigger);
            }
        }

        found.Sort((a, b) => b.Order.CompareTo(a.Order));
        return found;
    }

    /// <summary>Every trigger on a table, in no particular order.</summary>
    /// <param name="table">The table name.</param>
    /// <returns>The triggers.</returns>
    public IEnumerable<TriggerSchema> TriggersOf(string table)
    {
        foreach (TriggerSchema trigger in Triggers.Values)
        {
            if (string.Equals(trigger.TableName, table, StringComparison.OrdinalIgnoreCase))
            {
                yield return trigger;
            }
        }
    }

    /// <summary>Finds a view.</summary>
    /// <param name="name">The name.</param>
    /// <returns>The view or null.</returns>
    public ViewSchema? FindView(string name) => TemporaryViews.GetValueOrDefault(name) ?? Views.GetValueOrDefault(name);

    /// <summary>The kind of object that holds <paramref name="name"/>, or null when the name is free.</summary>
    /// <param name="name">The name.</param>
    /// <returns>"table", "index", "view" or null.</returns>
    public string? KindOf(string name) =>
        Tables.ContainsKey(name) ? "table" : Indexes.ContainsKey(name) ? "index" : Views.ContainsKey(name) ? "view" : null;

    /// <summary>The same stored objects with a session's temporary views laid over them.</summary>
    /// <param name="temporaryViews">The temporary views.</param>
    /// <returns>The overlay schema (same version).</returns>
    public Schema WithTemporaryViews(ImmutableDictionary<string, ViewSchema> temporaryViews) =>
        new(Version, Tables, Indexes, Views, Triggers, temporaryViews);

    /// <summary>The same objects at another version.</summary>
    /// <param name="version">The version.</param>
    /// <returns>The new schema.</returns>
    public Schema WithVersion(long version) => new(version, Tables, Indexes, Views, Triggers);

    /// <summary>Adds or replaces a table together with its indexes.</summary>
    /// <param name="table">The table.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithTable(TableSchema table)
    {
        ImmutableDictionary<string, IndexSchema> indexes = Indexes;
        if (Tables.TryGetValue(table.Name, out TableSchema? old))
        {
            foreach (IndexSchema index in old.Indexes)
            {
                indexes = indexes.Remove(index.Name);
            }
        }

        foreach (IndexSchema index in table.Indexes)
        {
            indexes = indexes.SetItem(index.Name, index);
        }

        return new(Version, Tables.SetItem(table.Name, table), indexes, Views, Triggers);
    }

    /// <summary>Removes a table with its indexes and triggers.</summary>
    /// <param name="table">The table.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithoutTable(TableSchema table)
    {
        ImmutableDictionary<string, IndexSchema> indexes = Indexes;
        foreach (IndexSchema index in table.Indexes)
        {
            indexes = indexes.Remove(index.Name);
        }

        // Its triggers go with it, as in SQLite.
        ImmutableDictionary<string, TriggerSchema> triggers = Triggers;
        foreach (TriggerSchema trigger in TriggersOf(table.Name))
        {
            triggers = triggers.Remove(trigger.Name);
        }

        return new(Version, Tables.Remove(table.Name), indexes, Views, triggers);
    }

    /// <summary>Adds a CREATE INDEX index to its table.</summary>
    /// <param name="index">The index.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithIndex(IndexSchema index)
    {
        TableSchema table = Tables[index.TableName];
        return WithTable(table.WithIndexes(table.Indexes.Add(index)));
    }

    /// <summary>Removes an index from its table.</summary>
    /// <param name="index">The index.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithoutIndex(IndexSchema index)
    {
        TableSchema table = Tables[index.TableName];
        ImmutableArray<IndexSchema>.Builder kept = ImmutableArray.CreateBuilder<IndexSchema>(table.Indexes.Length);
        foreach (IndexSchema existing in table.Indexes)
        {
            if (!ReferenceEquals(existing, index))
            {
                kept.Add(existing);
            }
        }

        return WithTable(table.WithIndexes(kept.ToImmutable()));
    }

    /// <summary>Adds a view.</summary>
    /// <param name="view">The view.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithView(ViewSchema view) => new(Version, Tables, Indexes, Views.SetItem(view.Name, view), Triggers);

    /// <summary>Removes a view.</summary>
    /// <param name="view">The view.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithoutView(ViewSchema view) => new(Version, Tables, Indexes, Views.Remove(view.Name), Triggers);

    /// <summary>Adds a trigger.</summary>
    /// <param name="trigger">The trigger.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithTrigger(TriggerSchema trigger) => new(Version, Tables, Indexes, Views, Triggers.SetItem(trigger.Name, trigger));

    /// <summary>Removes a trigger.</summary>
    /// <param name="trigger">The trigger.</param>
    /// <returns>The new schema (same version).</returns>
    public Schema WithoutTrigger(TriggerSchema trigger) => new(Version, Tables, Indexes, Views, Triggers.Remove(trigger.Name));
}
