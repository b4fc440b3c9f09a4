using SharpCoreDB.Records;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Catalog;

/// <content>Copying the catalog, with every tree it names, into another database (VACUUM, VACUUM INTO, backup, rekey).</content>
internal static partial class CatalogStore
{
    /// <summary>
    /// Copies every table and index tree the catalog of <paramref name="source"/> names into new trees of the target,
    /// then the catalog itself with the new root pages, in catalog order (so each tree's pages come out contiguous).
    /// The schema version goes up by one when <paramref name="bumpVersion"/> is set (as SQLite's VACUUM bumps the schema
    /// cookie): the root pages changed, so every schema and plan cached from the old file must be dropped.
    /// </summary>
    /// <param name="source">A snapshot of the database to copy.</param>
    /// <param name="copyTree">Copies one tree (by its source root) and returns the new root page.</param>
    /// <param name="insert">Inserts one entry into the target catalog tree.</param>
    /// <param name="bumpVersion">True to store the schema version plus one.</param>
    /// <exception cref="SharpCoreDBException">Corrupt when a catalog entry is damaged.</exception>
    public static void CopyEntries(
        Storage.Paging.IPageTransaction source,
        Func<uint, uint> copyTree,
        Action<byte[], byte[]> insert,
        bool bumpVersion)
    {
        uint root = source.CatalogRoot;
        if (root == 0)
        {
            return;
        }

        var keyValues = new SqlValue[1];
        bool sawVersion = false;
        using BTreeCursor cursor = new BTree(source, root).OpenCursor();
        for (bool more = cursor.First(); more; more = cursor.MoveNext())
        {
            byte[] key = cursor.Key.ToArray();
            byte[] value = cursor.GetValue();
            KeyEncoder.Decode(key, keyValues);
            long kind = keyValues[0].AsInt64();
            if (kind is TableKind or IndexKind)
            {
                // Copying moves the cursor's tree no further: the source is a snapshot, and the copy writes elsewhere.
                var reader = new RecordReader(value);
                var fields = new SqlValue[reader.ColumnCount];
                for (int i = 0; i < fields.Length; i++)
                {
                    fields[i] = reader.GetValue(i);
                }

                fields[3] = SqlValue.FromInt64(copyTree((uint)reader.GetInt64(3)));
                value = Record(fields);
            }
            else if (kind == VersionKind && bumpVersion)
            {
                sawVersion = true;
                value = Record([SqlValue.FromInt64(new RecordReader(value).GetInt64(0) + 1)]);
            }

            insert(key, value);
        }

        if (bumpVersion && !sawVersion)
        {
            insert(s_versionKey, Record([SqlValue.FromInt64(1)]));
        }
    }

    private static byte[] Record(SqlValue[] fields)
    {
        using var writer = new PooledBufferWriter();
        RecordWriter.Write(fields, writer);
        return writer.WrittenSpan.ToArray();
    }
}
