using System.Buffers;
using SharpCoreDB.Storage.Collections;
using SharpCoreDB.Storage.Paging;

namespace SharpCoreDB.Storage.Tests.Paging;

/// <summary>The dirty-page set: buffers from its pool, detached at commit, and the change stamp.</summary>
public sealed class TransactionPageSetTests
{
    [Fact]
    public void A_detached_buffer_leaves_the_set_and_is_not_returned_to_the_pool_at_end()
    {
        var pool = new CountingPool();
        var set = new TransactionPageSet(512, 508, pool);
        var source = new FilledSource();
        using (PageLease lease = set.Write(7, source))
        {
            lease.Writable[0] = 42;
        }

        set.Create(9).Dispose();
        long stamp = set.ChangeStamp;
        byte[]? detached = set.TryDetach(7);
        Assert.NotNull(detached);
        Assert.Equal(42, detached[0]);
        Assert.Equal(7, detached[1]);
        Assert.NotEqual(stamp, set.ChangeStamp);
        Assert.Null(set.TryDetach(7));
        Assert.Throws<InvalidOperationException>(() => set.GetPage(7).ToArray());
        Assert.Throws<InvalidOperationException>(() => set.TryRead(7, out _));
        Assert.Throws<InvalidOperationException>(() => set.Write(7, source));

        Assert.True(set.End());
        Assert.Equal(2, pool.Rented);
        Assert.Equal(1, pool.Returned);
        Assert.DoesNotContain(detached, pool.ReturnedArrays);

        // The caller owns it now and gives it back itself.
        pool.Return(detached);
        Assert.Equal(2, pool.Returned);
    }

    [Fact]
    public void A_small_transaction_after_a_large_one_empties_a_small_page_map()
    {
        // The set is reused: each End empties its page map, and emptying costs the map's capacity, not its count.
        var set = new TransactionPageSet(512, 508, new CountingPool());
        for (uint page = 1; page <= 5_000; page++)
        {
            set.Create(page).Dispose();
        }

        Assert.True(set.End());
        Assert.True(set.MapCapacity >= 5_000, $"a large transaction's map is kept for the next large one (capacity {set.MapCapacity})");

        set.Create(1).Dispose();
        Assert.True(set.End());
        Assert.True(set.MapCapacity <= 2 * ReusedMap.KeptCapacity, $"after a one-page transaction the map still has room for {set.MapCapacity} pages");

        set.Create(2).Dispose();
        Assert.Equal(0, set.GetPage(2)[0]);
        Assert.True(set.Contains(2));
        Assert.False(set.Contains(1));
    }

    [Fact]
    public void A_page_with_an_open_lease_is_not_detached()
    {
        var pool = new CountingPool();
        var set = new TransactionPageSet(512, 508, pool);
        PageLease open = set.Write(3, new FilledSource());
        Assert.Null(set.TryDetach(3));
        Assert.Equal(3, set.GetPage(3)[0]);
        open.Dispose();
        Assert.NotNull(set.TryDetach(3));
    }

    [Fact]
    public void An_omitted_page_stays_readable_but_out_of_the_commit_until_written_again()
    {
        var set = new TransactionPageSet(512, 508, new CountingPool());
        var source = new FilledSource();
        set.Write(3, source).Dispose();
        set.Write(5, source).Dispose();
        set.Create(8).Dispose();
        set.Omit(5);
        set.Omit(8);
        set.Omit(11);
        var numbers = new List<uint>();
        set.GetPageNumbers(numbers);
        Assert.Equal([3u], numbers);
        Assert.True(set.TryRead(5, out PageLease read));
        Assert.Equal(5, read.Data[0]);
        read.Dispose();
        Assert.False(set.Contains(11));

        // Written or created again (the allocator hands a freed page out): back in the commit.
        set.Write(5, source).Dispose();
        set.Create(8).Dispose();
        set.GetPageNumbers(numbers);
        Assert.Equal([3u, 5u, 8u], numbers);
    }

    [Fact]
    public void Detaching_a_page_that_is_not_dirty_throws()
    {
        var set = new TransactionPageSet(512, 508, new CountingPool());
        Assert.Throws<KeyNotFoundException>(() => set.TryDetach(5));
    }

    [Fact]
    public void A_few_dirty_pages_are_found_without_the_page_map_and_many_with_it()
    {
        // A one-row write dirties a page or three and looks each up about a dozen times: those lookups scan the
        // entries, and the map (hashing every lookup) is built only past ScannedPages. Pages written in descending
        // order, so neither the scan nor the map can rely on the order.
        var set = new TransactionPageSet(512, 508, new CountingPool());
        var source = new FilledSource();
        const uint Last = 3 * TransactionPageSet.ScannedPages;
        for (uint page = Last; page >= 1; page--)
        {
            set.Write(page, source).Dispose();
            if (page == Last - TransactionPageSet.ScannedPages + 1)
            {
                Assert.Equal(0, set.MapCapacity);
            }

            for (uint other = 1; other <= Last + 1; other++)
            {
                Assert.Equal(other >= page && other <= Last, set.Contains(other));
            }
        }

        Assert.True(set.MapCapacity > 0);
        set.Omit(5);
        for (uint page = 1; page <= Last; page++)
        {
            Assert.Equal((byte)page, set.GetPage(page)[0]);
        }

        var numbers = new List<uint>();
        set.GetPageNumbers(numbers);
        Assert.Equal(Enumerable.Range(1, (int)Last).Select(i => (uint)i).Where(i => i != 5), numbers);
        Assert.True(set.End());

        set.Write(4, source).Dispose();
        Assert.True(set.Contains(4));
        Assert.False(set.Contains(5));
    }

    private sealed class FilledSource : ICommittedPageSource
    {
        public void ReadCommittedPage(uint pageNumber, Span<byte> destination) => destination.Fill((byte)pageNumber);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Buffers_go_back_to_the_pool_cleared_when_the_set_says_so(bool clearOnReturn)
    {
        // An encrypted database's pages are plaintext here, and the pool is shared with every other database.
        var pool = new CountingPool();
        var set = new TransactionPageSet(512, 508, pool, clearOnReturn);
        using (PageLease lease = set.Create(3))
        {
            lease.Writable.Fill(0x5A);
        }

        Assert.True(set.End());
        Assert.Equal([clearOnReturn], pool.ClearFlags);
    }

    private sealed class CountingPool : ArrayPool<byte>
    {
        public List<bool> ClearFlags { get; } = [];

        public int Rented { get; private set; }

        public int Returned { get; private set; }

        public List<byte[]> ReturnedArrays { get; } = [];

        public override byte[] Rent(int minimumLength)
        {
            Rented++;
            return new byte[minimumLength];
        }

        public override void Return(byte[] array, bool clearArray = false)
        {
            Returned++;
            ReturnedArrays.Add(array);
            ClearFlags.Add(clearArray);
        }
    }
}
