namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The transaction-shaped view of pages that the B+tree works against: read a page, get a writable copy,
/// allocate and free. The WAL's snapshot store and the test kit's pager store both implement it, so the
/// B+tree never knows which one it runs on.
/// </summary>
/// <remarks>
/// Page numbers start at 1 for B+tree use; page 0 is the database header and never handed out.
/// Every lease must be disposed; a read lease's bytes stay valid and unchanged until then.
/// </remarks>
public interface IPageTransaction
{
    /// <summary>The physical page size in bytes.</summary>
    int PageSize { get; }

    /// <summary>The bytes at the start of every page that the B+tree may use (page size minus trailer).</summary>
    int UsableSize { get; }

    /// <summary>False for read-only (snapshot) transactions: <see cref="Write"/>, <see cref="Allocate"/> and <see cref="Free"/> throw.</summary>
    bool IsWritable { get; }

    /// <summary>The root page of the catalog tree, or 0 before one is created. Setting it is part of the transaction.</summary>
    uint CatalogRoot { get; set; }

    /// <summary>
    /// A number that changes whenever a page of this transaction may change: each writable lease handed out
    /// (<see cref="Write"/>, <see cref="Allocate"/>, and the writes <see cref="Free"/> makes) and the transaction's
    /// end. While it holds its value every page reads as it did, so a reader may reuse what it learnt from them
    /// (the B+tree remembers where its last key is). Read-only transactions never change it.
    /// </summary>
    long ChangeStamp { get; }

    /// <summary>
    /// A number that changes whenever a page of this transaction is allocated or freed, and at its end. A B+tree
    /// changes its shape (a split, a merge, an emptied node leaving, a root collapse) only together with an allocation
    /// or a free, so while this holds its value the interior nodes of every tree read as they did and a tree may go
    /// straight to a leaf it found before (see the B+tree's remembered leaf). Changing more often is always safe: the
    /// default is <see cref="ChangeStamp"/>.
    /// </summary>
    long ShapeStamp => ChangeStamp;

    /// <summary>
    /// The last leaf of the tree rooted at <paramref name="rootPage"/> as an earlier committed transaction left it
    /// (see <see cref="NoteLastLeaf"/>), when no page was allocated or freed since, in any transaction, this one
    /// included; 0 when not known. Only the leaf's place is carried over: its cells may have changed. The default
    /// knows nothing.
    /// </summary>
    /// <param name="rootPage">The tree's root page.</param>
    /// <returns>The leaf's page number, or 0.</returns>
    uint CarriedLastLeaf(uint rootPage) => 0;

    /// <summary>
    /// Says that <paramref name="leaf"/> ends the tree rooted at <paramref name="rootPage"/> as of the current
    /// <see cref="ShapeStamp"/>. A transaction that commits with its shape stamp still at that value may hand it to the
    /// next one (<see cref="CarriedLastLeaf"/>). The default forgets it.
    /// </summary>
    /// <param name="rootPage">The tree's root page.</param>
    /// <param name="leaf">The tree's last leaf.</param>
    void NoteLastLeaf(uint rootPage, uint leaf)
    {
    }

    /// <summary>Reads a page as this transaction sees it.</summary>
    PageLease Read(uint pageNumber);

    /// <summary>
    /// Says that these pages will be read soon, in this order (a scan's next leaves). A store may load them into its
    /// cache on another thread meanwhile, so that reading, verifying and decrypting them overlaps with the caller's
    /// work; <see cref="Read"/> then finds them there (or waits for the load already under way). It is only advice:
    /// it never changes what <see cref="Read"/> returns or reports, and a store or transaction without a background
    /// loader ignores it. Page numbers it cannot read (0, past the end) are skipped; <see cref="Read"/> reports them.
    /// </summary>
    /// <param name="pageNumbers">The pages, in the order they will be read.</param>
    /// <param name="inBackground">
    /// True to load them on another thread; false to load the ones not cached now, on the caller's thread, with as
    /// few device reads as their order on disk allows (a short scan: a hand-off to another thread and waiting for it
    /// costs more than the loads it would overlap).
    /// </param>
    void ReadAhead(ReadOnlySpan<uint> pageNumbers, bool inBackground);

    /// <summary>Returns a writable copy of a page, private to this transaction until commit.</summary>
    PageLease Write(uint pageNumber);

    /// <summary>Allocates a page (from the free list when possible), zero-filled and writable.</summary>
    PageLease Allocate();

    /// <summary>Returns a page to the free list at commit.</summary>
    void Free(uint pageNumber);
}
