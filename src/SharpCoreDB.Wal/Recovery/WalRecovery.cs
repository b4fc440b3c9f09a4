using System.Buffers;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Wal.Recovery;

/// <summary>
/// Reads a log back after open or crash: validates frames by salts and the cumulative checksum chain, keeps
/// whole transactions up to the last valid commit frame, and discards what follows (an unsynced tail).
/// </summary>
/// <remarks>
/// <para>
/// A frame that fails validation ends the log, unless what follows proves it lay inside data that had
/// already been synced: then the log is damaged, not torn, and recovery fails with Corrupt rather than
/// silently dropping acknowledged commits. The proof uses write batches: the log writer syncs each batch
/// before writing the next, so an intact frame of a batch two past the last good frame's batch (or one
/// past, when the bad frame itself belongs to the last good batch) means the bad frame had been synced.
/// A torn unsynced write can never produce that pattern, whatever order its sectors reached the disk in.
/// </para>
/// <para>
/// Transaction sequences increase from one log transaction to the next but may skip: the log writer merges
/// commits that no reader could tell apart into one log transaction carrying the last one's sequence.
/// </para>
/// <para>
/// After a frame fails, later frames are checked against their predecessor's stored checksum (not the
/// running chain, which the bad frame broke), so one damaged page image does not hide intact frames after it.
/// </para>
/// </remarks>
internal static class WalRecovery
{
    // Frames are read in runs of up to this many bytes, so a scan makes few large reads.
    private const int ReadRunBytes = 1 << 20;

    /// <summary>Scans a log.</summary>
    /// <param name="device">The log device.</param>
    /// <param name="expected">
    /// The database the log must belong to: its id, page size and (encrypted) authenticator. Null for a structural
    /// scan before the database could be opened (checksums only; the caller checks the header's database id).
    /// </param>
    /// <returns>The committed frames and where appending continues.</returns>
    /// <exception cref="SharpCoreDBException">
    /// Corrupt when the log belongs to another database (id, page size, encryption), its header or a frame fails
    /// authentication inside the synced part, or a frame inside the synced part is damaged; UnsupportedFormat for a
    /// newer log version; IoError.
    /// </exception>
    public static WalScanResult Scan(IStorageDevice device, WalScanExpectation? expected)
    {
        ArgumentNullException.ThrowIfNull(device);
        long length = device.Length;
        Span<byte> headerBytes = stackalloc byte[WalHeader.SizeOf];
        int headerRead = length >= WalHeader.SizeOf ? device.Read(0, headerBytes) : 0;
        WalHeaderStatus status = WalHeader.TryRead(headerBytes[..headerRead], out WalHeader header);
        switch (status)
        {
            case WalHeaderStatus.Missing:
            case WalHeaderStatus.Invalid:
                // Whether this is a reset torn by a crash (harmless: a reset starts only once every frame is in the
                // database file) or damage hiding commits is for the caller to decide, with the database's key.
                return WalScanResult.NoHeader(status, length);
            case WalHeaderStatus.NewerVersion:
                throw WalErrors.NewerLogVersion(device.Name);
            case WalHeaderStatus.OlderVersion:
                throw WalErrors.PreReleaseLogFormat(device.Name, ForDatabase(expected));
        }

        if (header.PageSize is < 512 or > 1 << 20 || (header.PageSize & (header.PageSize - 1)) != 0)
        {
            throw WalErrors.ImpossiblePageSize(device.Name, header.PageSize);
        }

        if (expected is not null)
        {
            CheckBelongs(device, header, expected);
        }

        var scanner = new Scanner(device, header, length, expected?.Authenticator);
        try
        {
            return scanner.Run();
        }
        finally
        {
            scanner.Dispose();
        }
    }

    // A log is applied only to the database that wrote it: same id, page size and encryption, and (encrypted) a
    // header MAC that only the database's key gives. Anything else changes neither file.
    private static void CheckBelongs(IStorageDevice device, WalHeader header, WalScanExpectation expected)
    {
        if (!header.DatabaseId.SequenceEqual(expected.DatabaseId))
        {
            throw WalErrors.LogOfAnotherDatabase(device.Name, expected.DatabaseName, header.DatabaseId, expected.DatabaseId);
        }

        if (header.PageSize != expected.PageSize)
        {
            throw WalErrors.PageSizeMismatch(device.Name, header.PageSize, expected.DatabaseName, expected.PageSize);
        }

        if (header.IsAuthenticated != expected.Authenticator is not null)
        {
            throw WalErrors.EncryptionMismatch(device.Name, header.IsAuthenticated, expected.DatabaseName, expected.Authenticator is not null);
        }

        if (expected.Authenticator is { } authenticator && !header.VerifyMac(authenticator))
        {
            throw WalErrors.ForgedHeader(device.Name, expected.DatabaseName);
        }
    }

    private static string ForDatabase(WalScanExpectation? expected) =>
        expected is null ? string.Empty : $" beside '{expected.DatabaseName}'";

    private sealed class Scanner : IDisposable
    {
        private readonly IStorageDevice _device;
        private readonly WalHeader _header;
        private readonly long _length;
        private readonly Authenticator? _authenticator;
        private readonly int _frameSize;
        private readonly byte[] _run;
        private long _runStart = -1;
        private int _runLength;

        public Scanner(IStorageDevice device, WalHeader header, long length, Authenticator? authenticator)
        {
            _device = device;
            _header = header;
            _length = length;
            _authenticator = authenticator;
            _frameSize = header.FrameSize;
            _run = ArrayPool<byte>.Shared.Rent(Math.Max(ReadRunBytes / _frameSize, 1) * _frameSize);
        }

        public WalScanResult Run()
        {
            var committed = new List<WalFrameRef>();
            var pending = new List<WalFrameRef>();
            ulong expected = _header.CheckpointSequence + 1;
            uint chain = _header.Checksum;
            uint lastBatch = 0;
            long end = WalHeader.SizeOf;
            uint endChain = chain;
            uint endBatch = 0;
            uint databaseSize = 0;
            Span<byte> macChain = stackalloc byte[Authenticator.MacSize];
            Span<byte> endMacChain = stackalloc byte[Authenticator.MacSize];
            _header.Mac.CopyTo(macChain);
            _header.Mac.CopyTo(endMacChain);
            long offset = WalHeader.SizeOf;
            bool tailHasOwnFrames = false;
            for (; offset + _frameSize <= _length; offset += _frameSize)
            {
                ReadOnlySpan<byte> frame = Frame(offset);
                WalFrameHeader fields = WalFrameHeader.Read(frame);
                bool valid = SaltsMatch(fields)
                    && fields.Checksum == WalChecksum.ComputeFrame(chain, frame)
                    && (pending.Count == 0 ? fields.Sequence >= expected : fields.Sequence == pending[0].Sequence)
                    && fields.Batch >= Math.Max(lastBatch, 1)
                    && (_authenticator is null || WalChecksum.VerifyFrameMac(_authenticator, macChain, frame));
                if (!valid)
                {
                    tailHasOwnFrames = CheckTail(offset, lastBatch);
                    break;
                }

                frame.Slice(WalFrameHeader.MacOffset, Authenticator.MacSize).CopyTo(macChain);
                chain = fields.Checksum;
                lastBatch = fields.Batch;
                pending.Add(new WalFrameRef(fields.PageNumber, fields.Sequence, offset));
                if (fields.IsCommit)
                {
                    committed.AddRange(pending);
                    pending.Clear();
                    expected = fields.Sequence + 1;
                    end = offset + _frameSize;
                    endChain = chain;
                    macChain.CopyTo(endMacChain);
                    endBatch = fields.Batch;
                    databaseSize = fields.DatabaseSize;
                }
            }

            // Frames of an unfinished transaction carry the salts too.
            tailHasOwnFrames |= pending.Count > 0;
            return new WalScanResult(_header, committed, expected - 1, databaseSize, end, endChain, endMacChain.ToArray(), endBatch, _length - end, tailHasOwnFrames);
        }

        public void Dispose() => ArrayPool<byte>.Shared.Return(_run);

        // Decides whether the invalid frame at badOffset is a torn tail (return) or damage inside synced data (throw).
        // Returns whether that frame or any after it carries this generation's salts.
        private bool CheckTail(long badOffset, uint lastGoodBatch)
        {
            WalFrameHeader bad = WalFrameHeader.Read(Frame(badOffset));
            bool ownSalts = SaltsMatch(bad);
            bool badBelongsToLastGoodBatch = lastGoodBatch != 0 && SaltsMatch(bad) && bad.Batch == lastGoodBatch;
            uint previousStored = bad.Checksum;
            uint maxLaterBatch = 0;
            bool laterFrameInLastGoodBatch = false;
            for (long offset = badOffset + _frameSize; offset + _frameSize <= _length; offset += _frameSize)
            {
                ReadOnlySpan<byte> frame = Frame(offset);
                WalFrameHeader fields = WalFrameHeader.Read(frame);
                bool salted = SaltsMatch(fields);
                ownSalts |= salted;
                if (salted && fields.Checksum == WalChecksum.ComputeFrame(previousStored, frame))
                {
                    maxLaterBatch = Math.Max(maxLaterBatch, fields.Batch);
                    laterFrameInLastGoodBatch |= lastGoodBatch != 0 && fields.Batch == lastGoodBatch;
                }

                previousStored = fields.Checksum;
            }

            bool synced = maxLaterBatch >= lastGoodBatch + 2
                || (maxLaterBatch >= lastGoodBatch + 1 && (badBelongsToLastGoodBatch || laterFrameInLastGoodBatch));
            if (synced)
            {
                long frameIndex = (badOffset - WalHeader.SizeOf) / _frameSize;
                throw WalErrors.DamagedSyncedFrame(_device.Name, frameIndex, badOffset, bad.PageNumber);
            }

            return ownSalts;
        }

        private bool SaltsMatch(in WalFrameHeader fields) => fields.Salt1 == _header.Salt1 && fields.Salt2 == _header.Salt2;

        private ReadOnlySpan<byte> Frame(long offset)
        {
            if (_runStart < 0 || offset < _runStart || offset + _frameSize > _runStart + _runLength)
            {
                int frames = (int)Math.Min(_run.Length / _frameSize, (_length - offset) / _frameSize);
                _runLength = _device.Read(offset, _run.AsSpan(0, frames * _frameSize));
                _runStart = offset;
                if (_runLength < _frameSize)
                {
                    throw WalErrors.ShortRead(_device.Name, _runLength, offset, _length);
                }
            }

            return _run.AsSpan((int)(offset - _runStart), _frameSize);
        }
    }
}
