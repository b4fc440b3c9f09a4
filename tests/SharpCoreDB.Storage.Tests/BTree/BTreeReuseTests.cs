using System.Buffers.Binary;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using SharpCoreDB.Storage.BTree;
using Tree = SharpCoreDB.Storage.BTree.BTree;

namespace SharpCoreDB.Storage.Tests.BTree;

/// <summary>
/// Tree objects handed back with <see cref="Tree.Return"/> and taken again with <see cref="Tree.Rent"/>: a reused
/// object must be indistinguishable from a new one (every field), must work on its new transaction, and a tree a
/// cursor still names must never be reused.
/// </summary>
public sealed class BTreeReuseTests
{
    [Fact]
    public void A_reused_tree_object_has_every_field_of_a_new_one()
    {
        var first = new MemoryPageTransaction(512);
        Tree used = Tree.Rent(first, Tree.Create(first), null);
        Use(used);
        used.Return();

        var second = new MemoryPageTransaction(1024);
        uint root = Tree.Create(second);
        Tree reused = Tree.Rent(second, root, null);
        Assert.Same(used, reused);

        var fresh = new Tree(second, root, null);
        foreach (FieldInfo field in typeof(Tree).GetFields(BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public))
        {
            Assert.True(SameValue(field, field.GetValue(fresh), field.GetValue(reused)), $"field {field.Name} differs from a new tree's");
        }
    }

    [Fact]
    public void A_reused_tree_object_works_on_its_new_transaction()
    {
        var first = new MemoryPageTransaction(512);
        Tree used = Tree.Rent(first, Tree.Create(first), null);
        Use(used);
        used.Return();

        var second = new MemoryPageTransaction(512);
        Tree reused = Tree.Rent(second, Tree.Create(second), null);
        Assert.Same(used, reused);
        var model = new SortedDictionary<byte[], byte[]>(MemcmpComparer.Instance);
        Span<byte> last = stackalloc byte[8];
        for (long id = 1; id <= 500; id++)
        {
            Assert.Equal(id == 1 ? -1 : 8, reused.CopyLastKey(last));
            Assert.True(reused.TryInsert(Key(id), [(byte)id]));
            model.Add(Key(id), [(byte)id]);
        }

        Assert.True(reused.Delete(Key(250)));
        model.Remove(Key(250));
        TreeOracle.AssertMatches(reused, model, "the reused tree");
        Assert.Equal(0, first.OpenLeases);
        Assert.Equal(0, second.OpenLeases);
    }

    [Fact]
    public void A_tree_a_cursor_still_names_is_not_reused()
    {
        var tx = new MemoryPageTransaction(512);
        uint root = Tree.Create(tx);
        Tree tree = Tree.Rent(tx, root, null);
        Assert.True(tree.TryInsert(Key(1), [1]));
        using BTreeCursor cursor = tree.OpenCursor();
        tree.Return();

        Tree next = Tree.Rent(tx, root, null);
        Assert.NotSame(tree, next);
    }

    // Leaves state in every part of the object: hint, edge, idle cursor, a dropped flag stays false.
    private static void Use(Tree tree)
    {
        Span<byte> last = stackalloc byte[16];
        for (long id = 1; id <= 400; id++)
        {
            tree.CopyLastKey(last);
            Assert.True(tree.TryInsert(Key(id), new byte[(int)(id % 30)]));
        }

        Span<byte> value = stackalloc byte[64];
        for (long id = 1; id <= 400; id += 7)
        {
            Assert.True(tree.TryGet(Key(id), value, out _));
        }

        Assert.True(tree.Delete(Key(3)));
        BTreeCursor cursor = tree.RentCursor();
        Assert.True(cursor.SeekExact(Key(10)));
        cursor.Return();
    }

    // Inline arrays (the hint and edge buffers) refuse Equals: compare their bytes.
    private static bool SameValue(FieldInfo field, object? a, object? b)
    {
        if (a is null || b is null || field.FieldType.GetCustomAttribute<InlineArrayAttribute>() is null)
        {
            return Equals(a, b);
        }

        int size = (int)typeof(Unsafe).GetMethod(nameof(Unsafe.SizeOf))!.MakeGenericMethod(field.FieldType).Invoke(null, null)!;
        ReadOnlySpan<byte> left = MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<StrongBox<byte>>(a).Value, size);
        ReadOnlySpan<byte> right = MemoryMarshal.CreateReadOnlySpan(ref Unsafe.As<StrongBox<byte>>(b).Value, size);
        return left.SequenceEqual(right);
    }

    private static byte[] Key(long id)
    {
        byte[] key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, id);
        return key;
    }
}
