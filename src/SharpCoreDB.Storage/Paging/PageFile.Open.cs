using System.Buffers;
using System.Buffers.Binary;
using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;
using SharpCoreDB.Storage.Devices;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Storage.Paging;

/// <content>Opening and creating: header validation, key derivation and the key check.</content>
internal sealed partial class PageFile
{
    /// <summary>Opens the database on <paramref name="device"/>, or creates it when the device is empty and the options allow.</summary>
    /// <param name="device">The database device; the page file owns it unless <paramref name="leaveOpen"/>.</param>
    /// <param name="options">Password or key, page size for creation, read-only, create mode.</param>
    /// <param name="leaveOpen">True to leave the device open when the page file is disposed.</param>
    /// <returns>The open page file.</returns>
    /// <exception cref="SharpCoreDBException">
    /// NotADatabase (empty, truncated, wrong magic, impossible page size), UnsupportedFormat (newer version or
    /// unknown flags), Corrupt (header checksum), PasswordRequired, NotEncrypted, WrongPassword (decided by the
    /// key check before any other page is read), AlreadyExists (CreateNew on a non-empty device), IoError.
    /// </exception>
    public static PageFile Open(IStorageDevice device, PageFileOptions options, bool leaveOpen = false)
    {
        ArgumentNullException.ThrowIfNull(device);
        ArgumentNullException.ThrowIfNull(options);
        options.Validate();

        long length = device.Length;
        if (length == 0)
        {
            if (options.ReadOnly || options.CreateMode == PageFileCreateMode.OpenExisting)
            {
                throw StorageErrors.EmptyFile(device.Name);
            }

            return Create(device, options, leaveOpen);
        }

        if (options.CreateMode == PageFileCreateMode.CreateNew)
        {
            throw StorageErrors.AlreadyExists(device.Name, length);
        }

        return OpenExisting(device, options, leaveOpen, length, replacementHeader: null);
    }

    /// <summary>
    /// Opens an existing database whose stored page 0 is damaged, using <paramref name="replacementHeader"/> (the
    /// newest page 0 image of the database's own log) in its place. Nothing is written: the caller writes the
    /// image to the file only once this open has verified it, the key, and (encrypted) its MAC.
    /// </summary>
    /// <param name="device">The database device; the page file owns it unless <paramref name="leaveOpen"/>.</param>
    /// <param name="options">As for <see cref="Open"/>.</param>
    /// <param name="leaveOpen">True to leave the device open when the page file is disposed.</param>
    /// <param name="replacementHeader">A stored page 0 image, <see cref="PageSize"/> bytes.</param>
    /// <returns>The open page file.</returns>
    /// <exception cref="SharpCoreDBException">Every error of <see cref="Open"/>.</exception>
    public static PageFile OpenWithReplacementHeader(IStorageDevice device, PageFileOptions options, bool leaveOpen, byte[] replacementHeader)
    {
        ArgumentNullException.ThrowIfNull(device);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(replacementHeader);
        options.Validate();
        return OpenExisting(device, options, leaveOpen, device.Length, replacementHeader);
    }

    private static PageFile OpenExisting(IStorageDevice device, PageFileOptions options, bool leaveOpen, long length, byte[]? replacementHeader)
    {
        Span<byte> head = stackalloc byte[DatabaseHeader.SizeOf];
        int headLength = replacementHeader is null
            ? device.Read(0, head)
            : Math.Min(replacementHeader.Length, head.Length);
        replacementHeader?.AsSpan(0, headLength).CopyTo(head);
        if (!DatabaseHeader.HasMagic(head[..headLength]))
        {
            ThrowNotADatabase(device, "it does not start with the SharpCoreDB magic");
        }

        if (headLength < DatabaseHeader.SizeOf)
        {
            ThrowNotADatabase(device, $"the header is truncated ({length} bytes)");
        }

        uint version = DatabaseHeader.GetFormatVersion(head);
        if (version == 0)
        {
            ThrowNotADatabase(device, "its format version is 0");
        }

        if (version < DatabaseHeader.CurrentFormatVersion)
        {
            throw StorageErrors.OlderFormatVersion(device.Name, version, DatabaseHeader.CurrentFormatVersion);
        }

        if (version > DatabaseHeader.CurrentFormatVersion)
        {
            throw StorageErrors.NewerFormatVersion(device.Name, version, DatabaseHeader.CurrentFormatVersion);
        }

        uint pageSize = DatabaseHeader.GetPageSize(head);
        if (!DatabaseHeader.IsValidPageSize(pageSize))
        {
            ThrowNotADatabase(device, $"its header declares a page size of {pageSize}, not a power of two from 4096 to 65536");
        }

        if (length < pageSize)
        {
            ThrowNotADatabase(device, $"it is truncated: {length} bytes, shorter than its first page ({pageSize} bytes)");
        }

        DatabaseFlags flags = DatabaseHeader.GetFlags(head);
        bool encrypted = (flags & DatabaseFlags.Encrypted) != 0;
        int reserved = DatabaseHeader.GetReservedBytes(head);
        if (reserved != PageTrailer.SizeFor(encrypted))
        {
            ThrowNotADatabase(device, $"its header declares {reserved} reserved bytes per page, which does not match its flags");
        }

        byte[] page0 = ArrayPool<byte>.Shared.Rent((int)pageSize);
        try
        {
            if (replacementHeader is null)
            {
                device.Read(0, page0.AsSpan(0, (int)pageSize));
            }
            else if (replacementHeader.Length == pageSize)
            {
                replacementHeader.CopyTo(page0, 0);
            }
            else
            {
                throw StorageErrors.ReplacementHeaderSize(device.Name, replacementHeader.Length, pageSize);
            }

            int usable = (int)pageSize - reserved;
            ReadOnlySpan<byte> header = page0.AsSpan(0, usable);
            uint storedChecksum = BinaryPrimitives.ReadUInt32LittleEndian(page0.AsSpan(usable + PageTrailer.ChecksumOffset));
            if (storedChecksum != PageCodec.ComputeChecksum(header, DatabaseHeader.GetDatabaseId(header), 0))
            {
                throw StorageErrors.HeaderChecksum(device.Name);
            }

            const DatabaseFlags knownFlags = DatabaseFlags.Encrypted | DatabaseFlags.RawKey;
            if ((flags & ~knownFlags) != 0)
            {
                throw StorageErrors.UnknownFeatures(device.Name, (ushort)flags);
            }

            if (!encrypted && options.HasSecret)
            {
                throw StorageErrors.NotEncrypted(device.Name);
            }

            PageCodec codec;
            if (options.KeysFrom is { } known)
            {
                codec = ReuseKeys(device, known, header);
            }
            else
            {
                (PageCipher Cipher, Authenticator Authenticator)? keys = encrypted ? OpenCipher(device, options, header, flags) : null;
                codec = new PageCodec((int)pageSize, DatabaseHeader.GetDatabaseId(header), keys?.Cipher, keys?.Authenticator);
            }

            byte[] scratch = ArrayPool<byte>.Shared.Rent((int)pageSize);
            try
            {
                // The checksum above only proves the header undamaged; in an encrypted database its MAC proves it
                // was written by someone holding the key (catalog root, page count and free list cannot be forged).
                if (!codec.TryOpen(0, page0.AsSpan(0, (int)pageSize), scratch, out string? failure))
                {
                    throw StorageErrors.HeaderAltered(device.Name, failure);
                }
            }
            catch
            {
                codec.Dispose();
                throw;
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(scratch, clearArray: true);
            }

            var file = new PageFile(device, leaveOpen, codec, options.ReadOnly, wasCreated: false, DatabaseHeader.GetKdfIterations(header));
            file.LoadCheckpointRecord(page0.AsSpan(0, (int)pageSize));
            file.KeepOpenedHeader(header);
            return file;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(page0);
        }
    }

    // Reopening a database whose file was replaced (VACUUM, rekey) with the keys it had: the new file must be the same
    // database (id) with the same key (key check, flags, salt); page 0's MAC, checked next, proves the keys fit.
    private static PageCodec ReuseKeys(IStorageDevice device, DatabaseKeys known, ReadOnlySpan<byte> header)
    {
        ReadOnlySpan<byte> expected = known.Header;
        if (!DatabaseHeader.GetDatabaseId(header).SequenceEqual(DatabaseHeader.GetDatabaseId(expected))
            || DatabaseHeader.GetFlags(header) != DatabaseHeader.GetFlags(expected)
            || !DatabaseHeader.GetKdfSalt(header).SequenceEqual(DatabaseHeader.GetKdfSalt(expected))
            || DatabaseHeader.GetKdfIterations(header) != DatabaseHeader.GetKdfIterations(expected)
            || !DatabaseHeader.GetKeyCheck(header).SequenceEqual(DatabaseHeader.GetKeyCheck(expected))
            || DatabaseHeader.GetPageSize(header) != DatabaseHeader.GetPageSize(expected))
        {
            throw StorageErrors.KeysOfAnotherDatabase(device.Name);
        }

        return known.Codec.CloneKeys();
    }

    private static (PageCipher Cipher, Authenticator Authenticator) OpenCipher(IStorageDevice device, PageFileOptions options, ReadOnlySpan<byte> header, DatabaseFlags flags)
    {
        if (!options.HasSecret)
        {
            throw StorageErrors.PasswordRequired(device.Name);
        }

        bool rawKeyDatabase = (flags & DatabaseFlags.RawKey) != 0;
        if (rawKeyDatabase && options.Password is not null)
        {
            throw StorageErrors.RawKeyDatabase(device.Name);
        }

        if (!rawKeyDatabase && options.RawKey is not null)
        {
            throw StorageErrors.PasswordDatabase(device.Name);
        }

        uint iterations = DatabaseHeader.GetKdfIterations(header);
        if (!rawKeyDatabase && iterations is 0 or > int.MaxValue)
        {
            throw StorageErrors.ImpossibleKdfIterations(device.Name, iterations);
        }

        Span<byte> master = stackalloc byte[KeyDerivation.KeySize];
        Span<byte> check = stackalloc byte[KeyDerivation.KeyCheckSize];
        try
        {
            DeriveMaster(options, DatabaseHeader.GetKdfSalt(header), (int)iterations, master);
            KeyDerivation.ComputeKeyCheck(master, DatabaseHeader.GetDatabaseId(header), check);
            if (!KeyDerivation.KeyCheckMatches(DatabaseHeader.GetKeyCheck(header), check))
            {
                throw StorageErrors.WrongPassword(device.Name);
            }

            return CreateKeys(master, DatabaseHeader.GetDatabaseId(header));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(master);
        }
    }

    private static PageFile Create(IStorageDevice device, PageFileOptions options, bool leaveOpen)
    {
        if (options.KeysFrom is { } template)
        {
            return CreateLike(device, template, leaveOpen);
        }

        int pageSize = options.PageSize;
        Span<byte> databaseId = stackalloc byte[DatabaseHeader.DatabaseIdLength];
        Span<byte> salt = stackalloc byte[DatabaseHeader.KdfSaltLength];
        Span<byte> check = stackalloc byte[DatabaseHeader.KeyCheckLength];
        Span<byte> master = stackalloc byte[KeyDerivation.KeySize];
        RandomNumberGenerator.Fill(databaseId);
        salt.Clear();
        check.Clear();

        DatabaseFlags flags = DatabaseFlags.None;
        uint iterations = 0;
        (PageCipher Cipher, Authenticator Authenticator)? keys = null;
        try
        {
            if (options.HasSecret)
            {
                flags = DatabaseFlags.Encrypted;
                if (options.RawKey is not null)
                {
                    flags |= DatabaseFlags.RawKey;
                }
                else
                {
                    RandomNumberGenerator.Fill(salt);
                    iterations = (uint)options.KdfIterations;
                }

                DeriveMaster(options, salt, (int)iterations, master);
                KeyDerivation.ComputeKeyCheck(master, databaseId, check);
                keys = CreateKeys(master, databaseId);
            }
        }
        finally
        {
            CryptographicOperations.ZeroMemory(master);
        }

        var codec = new PageCodec(pageSize, databaseId, keys?.Cipher, keys?.Authenticator);
        return WriteNewHeader(device, leaveOpen, codec, flags, salt, iterations, check);
    }

    // The same identity and keys as an open database, so the new file opens with its password or key (see
    // PageFileOptions.KeysFrom). The page size comes with the identity.
    private static PageFile CreateLike(IStorageDevice device, DatabaseKeys template, bool leaveOpen)
    {
        ReadOnlySpan<byte> header = template.Header;
        PageCodec codec = template.Codec.CloneKeys();
        return WriteNewHeader(
            device,
            leaveOpen,
            codec,
            DatabaseHeader.GetFlags(header),
            DatabaseHeader.GetKdfSalt(header),
            DatabaseHeader.GetKdfIterations(header),
            DatabaseHeader.GetKeyCheck(header));
    }

    // Writes and syncs page 0 of a new database; the codec is the new file's (disposed here when this fails).
    private static PageFile WriteNewHeader(
        IStorageDevice device, bool leaveOpen, PageCodec codec, DatabaseFlags flags, ReadOnlySpan<byte> salt, uint iterations, ReadOnlySpan<byte> check)
    {
        int pageSize = codec.PageSize;
        ReadOnlySpan<byte> databaseId = codec.DatabaseId;
        Authenticator? authenticator = codec.Authenticator;
        var file = new PageFile(device, leaveOpen, codec, isReadOnly: false, wasCreated: true, iterations);
        try
        {
            byte[] page0 = ArrayPool<byte>.Shared.Rent(pageSize);
            try
            {
                // The first record: no log generation yet (salts 0), nothing committed (sequence 0). The first log
                // generation starts at sequence 0 with salt 1 = 1, which recovery accepts as its successor.
                var record = new Format.CheckpointRecord(1, 0, 0, 0);
                Span<byte> stored = page0.AsSpan(0, pageSize);
                stored.Clear();
                record.Write(stored.Slice(record.SlotOffset, Format.CheckpointRecord.SizeOf), databaseId, authenticator);
                file.LoadCheckpointRecord(stored);
                Span<byte> header = page0.AsSpan(0, codec.UsableSize);
                DatabaseHeader.Initialize(header, pageSize, flags, databaseId, salt, iterations, check);
                file.WritePage(0, header);
                file.KeepOpenedHeader(header);
            }
            finally
            {
                ArrayPool<byte>.Shared.Return(page0);
            }

            // The header must be durable before anything refers to this database (a WAL, a journal).
            file.Flush();
            return file;
        }
        catch
        {
            // A failed open leaves the device with the caller (as every other failure of Open does);
            // only the key material is ours to wipe.
            codec.Dispose();
            throw;
        }
    }

    private static void DeriveMaster(PageFileOptions options, ReadOnlySpan<byte> salt, int iterations, Span<byte> master)
    {
        if (options.RawKey is { } rawKey)
        {
            rawKey.Span.CopyTo(master);
        }
        else
        {
            KeyDerivation.DeriveMasterKey(options.Password!, salt, iterations, master);
        }
    }

    private static (PageCipher Cipher, Authenticator Authenticator) CreateKeys(ReadOnlySpan<byte> master, ReadOnlySpan<byte> databaseId)
    {
        Span<byte> key = stackalloc byte[KeyDerivation.KeySize];
        try
        {
            KeyDerivation.DerivePageKey(master, databaseId, key);
            var cipher = new PageCipher(key);
            KeyDerivation.DeriveAuthenticationKey(master, databaseId, key);
            return (cipher, new Authenticator(key));
        }
        finally
        {
            CryptographicOperations.ZeroMemory(key);
        }
    }

    [DoesNotReturn]
    private static void ThrowNotADatabase(IStorageDevice device, string reason) =>
        throw StorageErrors.NotADatabase(device.Name, reason);
}
