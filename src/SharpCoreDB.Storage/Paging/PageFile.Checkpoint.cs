using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <content>The checkpoint record in page 0's two slots (see <see cref="Format.CheckpointRecord"/>).</content>
internal sealed partial class PageFile
{
    // The two slots as stored, so that a page 0 image copied in from the log (whose slots are zero) keeps them.
    private readonly byte[] _recordSlots = new byte[2 * Format.CheckpointRecord.SizeOf];
    private Format.CheckpointRecord? _record;

    /// <summary>
    /// The newest valid checkpoint record of the file, or null when neither slot holds one (a header page rebuilt
    /// from the log after both slots were lost).
    /// </summary>
    public Format.CheckpointRecord? CheckpointRecord => _record;

    /// <summary>
    /// Writes a new checkpoint record (the next serial) into the slot after the current one's, without syncing:
    /// the caller syncs it with the pages it stands for. Only the slot's bytes are written, so a torn write can
    /// damage only the slot written, never the record before it or the rest of page 0.
    /// </summary>
    /// <param name="salt1">Salt 1 of the log generation the file was brought up to date from.</param>
    /// <param name="salt2">Salt 2 of that generation.</param>
    /// <param name="sequence">The last transaction the file holds.</param>
    /// <exception cref="SharpCoreDBException">ReadOnly; IoError.</exception>
    public void WriteCheckpointRecord(uint salt1, uint salt2, ulong sequence)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        ThrowIfReadOnly();
        var record = new Format.CheckpointRecord((_record?.Serial ?? 0) + 1, salt1, salt2, sequence);
        Span<byte> slot = SlotBytes(record.Serial);
        record.Write(slot, _codec.DatabaseId, _codec.Authenticator);
        _device.Write(record.SlotOffset, slot);
        _record = record;
    }

    // Takes the slots of page 0 as stored (at open or creation) and finds the newest valid record.
    private void LoadCheckpointRecord(ReadOnlySpan<byte> storedPage0)
    {
        storedPage0.Slice(Format.CheckpointRecord.Slot0Offset, Format.CheckpointRecord.SizeOf).CopyTo(SlotBytes(0));
        storedPage0.Slice(Format.CheckpointRecord.Slot1Offset, Format.CheckpointRecord.SizeOf).CopyTo(SlotBytes(1));
        if (Format.CheckpointRecord.TryReadNewest(SlotBytes(0), SlotBytes(1), _codec.DatabaseId, _codec.Authenticator, out Format.CheckpointRecord record))
        {
            _record = record;
        }
    }

    // Page 0 images carry zero slots (the codec clears them). Rewriting page 0 leaves the slots' bytes alone: it
    // writes the part before the first slot and the part after the second (what lies between the slots is reserved
    // and zero in every image), so a torn or garbled page 0 write can never take the record with it; with the
    // header rebuilt from the log, the record is still there. A disk may write whole sectors, so the slots sit in
    // sectors of their own (nothing else in page 0 lives between 1024 and 2112). The first write of a new file
    // writes the whole page, slots included.
    private void WriteHeaderPage(ReadOnlySpan<byte> stored)
    {
        const int gapStart = Format.CheckpointRecord.Slot0Offset;
        const int gapEnd = Format.CheckpointRecord.Slot1Offset + Format.CheckpointRecord.SizeOf;
        if (_device.Length >= PageSize && !stored[gapStart..gapEnd].ContainsAnyExcept((byte)0))
        {
            _device.Write(0, stored[..gapStart]);
            _device.Write(gapEnd, stored[gapEnd..PageSize]);
            return;
        }

        byte[] image = System.Buffers.ArrayPool<byte>.Shared.Rent(PageSize);
        try
        {
            Span<byte> page = image.AsSpan(0, PageSize);
            stored.CopyTo(page);
            SlotBytes(0).CopyTo(page[Format.CheckpointRecord.Slot0Offset..]);
            SlotBytes(1).CopyTo(page[Format.CheckpointRecord.Slot1Offset..]);
            _device.Write(0, page);
        }
        finally
        {
            System.Buffers.ArrayPool<byte>.Shared.Return(image);
        }
    }

    private Span<byte> SlotBytes(ulong serial) =>
        _recordSlots.AsSpan((int)(serial & 1) * Format.CheckpointRecord.SizeOf, Format.CheckpointRecord.SizeOf);
}
