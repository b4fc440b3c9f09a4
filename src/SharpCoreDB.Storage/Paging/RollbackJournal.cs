using System.Buffers;
using System.Buffers.Binary;
using System.Security.Cryptography;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// The pager store's undo log (<see cref="RollbackJournalLayout"/>; the store itself is in the test kit, and the
/// WAL store rolls back a hot journal left by a version that wrote with it): before a commit overwrites pages in
/// place, their original stored images are saved here and flushed; once the database file is flushed the
/// journal header is zeroed. Opening a database whose journal is still hot copies the images back, so a
/// commit that failed or crashed half-way leaves the last committed state.
/// </summary>
/// <remarks>
/// The header is zeroed rather than the file truncated: overwriting 64 bytes is one data write, while a
/// truncate is a metadata change whose durability depends more on the file system.
/// </remarks>
internal sealed class RollbackJournal : IDisposable
{
    /// <summary>The suffix of the rollback journal's file name (<c>&lt;database&gt;-journal</c>).</summary>
    public const string FileSuffix = "-journal";

    private readonly IStorageDevice _device;
    private readonly bool _leaveOpen;
    private readonly int _pageSize;
    private readonly byte[] _databaseId;
    private uint _originalPageCount;
    private ulong _changeCounter;
    private uint _nonce;
    private int _entries;
    private bool _disposed;

    /// <summary>Creates a journal writer.</summary>
    /// <param name="device">The journal device; owned unless <paramref name="leaveOpen"/>.</param>
    /// <param name="pageSize">The database page size.</param>
    /// <param name="databaseId">The database id.</param>
    /// <param name="leaveOpen">True to leave the device open on dispose.</param>
    public RollbackJournal(IStorageDevice device, int pageSize, ReadOnlySpan<byte> databaseId, bool leaveOpen)
    {
        ArgumentNullException.ThrowIfNull(device);
        _device = device;
        _pageSize = pageSize;
        _databaseId = databaseId.ToArray();
        _leaveOpen = leaveOpen;
    }

    /// <summary>The journal device's name.</summary>
    public string Name => _device.Name;

    /// <summary>Starts a journal for a commit.</summary>
    /// <param name="originalPageCount">The committed page count before this commit.</param>
    /// <param name="changeCounter">The committed change counter before this commit.</param>
    public void Begin(uint originalPageCount, ulong changeCounter)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        _originalPageCount = originalPageCount;
        _changeCounter = changeCounter;
        Span<byte> nonce = stackalloc byte[sizeof(uint)];
        RandomNumberGenerator.Fill(nonce);
        _nonce = BinaryPrimitives.ReadUInt32LittleEndian(nonce);
        _entries = 0;
    }

    /// <summary>Saves the original stored image of a page that the commit will overwrite.</summary>
    /// <param name="pageNumber">The page number.</param>
    /// <param name="storedImage">The page as it is stored in the database file now.</param>
    public void Append(uint pageNumber, ReadOnlySpan<byte> storedImage)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ArgumentOutOfRangeException.ThrowIfNotEqual(storedImage.Length, _pageSize, nameof(storedImage));
        int entrySize = RollbackJournalLayout.EntryPrefixSize + _pageSize;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(entrySize);
        try
        {
            Span<byte> entry = buffer.AsSpan(0, entrySize);
            BinaryPrimitives.WriteUInt32LittleEndian(entry[RollbackJournalLayout.EntryPageNumberOffset..], pageNumber);
            BinaryPrimitives.WriteUInt32LittleEndian(
                entry[RollbackJournalLayout.EntryChecksumOffset..],
                RollbackJournalLayout.EntryChecksum(storedImage, pageNumber, _nonce));
            storedImage.CopyTo(entry[RollbackJournalLayout.EntryPrefixSize..]);
            _device.Write(RollbackJournalLayout.EntryOffset(_entries, _pageSize), entry);
            _entries++;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Writes the header after the entries and flushes: from here on the journal is hot.</summary>
    public void MakeHot()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Span<byte> header = stackalloc byte[RollbackJournalLayout.HeaderSize];
        header.Clear();
        RollbackJournalLayout.Magic.CopyTo(header);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.VersionOffset..], RollbackJournalLayout.CurrentVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.PageSizeOffset..], (uint)_pageSize);
        _databaseId.CopyTo(header[RollbackJournalLayout.DatabaseIdOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.OriginalPageCountOffset..], _originalPageCount);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.EntryCountOffset..], (uint)_entries);
        BinaryPrimitives.WriteUInt64LittleEndian(header[RollbackJournalLayout.ChangeCounterOffset..], _changeCounter);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.NonceOffset..], _nonce);
        BinaryPrimitives.WriteUInt32LittleEndian(header[RollbackJournalLayout.ChecksumOffset..], RollbackJournalLayout.HeaderChecksum(header));
        _device.Write(0, header);
        _device.Flush();
    }

    /// <summary>Zeroes the header and flushes: the commit is complete and the journal no longer applies.</summary>
    public void Clear()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Span<byte> header = stackalloc byte[RollbackJournalLayout.HeaderSize];
        header.Clear();
        _device.Write(0, header);
        _device.Flush();
    }

    /// <summary>
    /// Rolls a hot journal back into the database device (at open, before the database is read).
    /// </summary>
    /// <param name="journal">The journal device.</param>
    /// <param name="database">The database device.</param>
    /// <param name="readOnly">True when the database is being opened read-only.</param>
    /// <returns>True when a hot journal was rolled back.</returns>
    /// <exception cref="SharpCoreDBException">
    /// ReadOnly when a hot journal must be rolled back but the open is read-only; UnsupportedFormat for a
    /// journal of a newer version; IoError.
    /// </exception>
    public static bool RecoverIfHot(IStorageDevice journal, IStorageDevice database, bool readOnly)
    {
        ArgumentNullException.ThrowIfNull(journal);
        ArgumentNullException.ThrowIfNull(database);
        if (journal.Length < RollbackJournalLayout.HeaderSize)
        {
            return false;
        }

        Span<byte> header = stackalloc byte[RollbackJournalLayout.HeaderSize];
        journal.Read(0, header);
        if (!header[..RollbackJournalLayout.Magic.Length].SequenceEqual(RollbackJournalLayout.Magic) ||
            RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.ChecksumOffset) != RollbackJournalLayout.HeaderChecksum(header))
        {
            return false;
        }

        uint version = RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.VersionOffset);
        if (version != RollbackJournalLayout.CurrentVersion)
        {
            throw StorageErrors.JournalVersion(journal.Name, version, RollbackJournalLayout.CurrentVersion);
        }

        uint pageSize = RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.PageSizeOffset);
        Span<byte> databaseId = stackalloc byte[DatabaseHeader.DatabaseIdLength];
        if (!DatabaseHeader.IsValidPageSize(pageSize) ||
            database.Read(DatabaseHeader.DatabaseIdOffset, databaseId) != databaseId.Length ||
            !databaseId.SequenceEqual(header.Slice(RollbackJournalLayout.DatabaseIdOffset, DatabaseHeader.DatabaseIdLength)))
        {
            // A journal left by some other database under this name: it says nothing about this file.
            return false;
        }

        uint originalPageCount = RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.OriginalPageCountOffset);
        int entries = (int)Math.Min(RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.EntryCountOffset), int.MaxValue);
        uint nonce = RollbackJournalLayout.ReadUInt32(header, RollbackJournalLayout.NonceOffset);
        if (journal.Length < RollbackJournalLayout.EntryOffset(entries, (int)pageSize))
        {
            return false;
        }

        int entrySize = RollbackJournalLayout.EntryPrefixSize + (int)pageSize;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(entrySize);
        try
        {
            Span<byte> entry = buffer.AsSpan(0, entrySize);

            // First prove every entry is whole: a journal whose flush never completed means the database
            // file was never touched, and must not be "restored" from half-written entries.
            for (int i = 0; i < entries; i++)
            {
                if (!ReadEntry(journal, i, (int)pageSize, nonce, entry))
                {
                    return false;
                }
            }

            if (readOnly)
            {
                throw StorageErrors.HotJournalReadOnly(database.Name, journal.Name);
            }

            for (int i = 0; i < entries; i++)
            {
                ReadEntry(journal, i, (int)pageSize, nonce, entry);
                uint pageNumber = BinaryPrimitives.ReadUInt32LittleEndian(entry);
                database.Write((long)pageNumber * pageSize, entry[RollbackJournalLayout.EntryPrefixSize..]);
            }

            long originalLength = (long)originalPageCount * pageSize;
            if (database.Length > originalLength)
            {
                database.SetLength(originalLength);
            }

            database.Flush();
            header.Clear();
            journal.Write(0, header);
            journal.Flush();
            return true;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Disposes the device unless it was left open.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        if (!_leaveOpen)
        {
            _device.Dispose();
        }
    }

    private static bool ReadEntry(IStorageDevice journal, int index, int pageSize, uint nonce, Span<byte> entry)
    {
        if (journal.Read(RollbackJournalLayout.EntryOffset(index, pageSize), entry) != entry.Length)
        {
            return false;
        }

        uint pageNumber = BinaryPrimitives.ReadUInt32LittleEndian(entry[RollbackJournalLayout.EntryPageNumberOffset..]);
        uint checksum = BinaryPrimitives.ReadUInt32LittleEndian(entry[RollbackJournalLayout.EntryChecksumOffset..]);
        return checksum == RollbackJournalLayout.EntryChecksum(entry[RollbackJournalLayout.EntryPrefixSize..], pageNumber, nonce);
    }
}
