using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Format;

namespace SharpCoreDB.Records;

/// <summary>
/// Reads a record (see <see cref="RecordFormat"/>) column by column. Nothing is decoded up front: asking for a
/// column walks the header only as far as that column (payloads of earlier columns are skipped by size, never
/// decoded), and remembers each column's position so later requests do not walk again. Integer and real
/// columns are read without allocating. Columns past the end of the record read as NULL.
/// </summary>
/// <remarks>
/// A mutable ref struct: keep it in a local variable (not a readonly field), or the remembered positions are
/// lost on every call. Damaged records throw <see cref="SharpCoreDBException"/> with
/// <see cref="SharpCoreDBErrorCode.Corrupt"/> when the damaged part is reached.
/// </remarks>
internal ref struct RecordReader
{
    // Column positions remembered without allocating; wider rows walk on from the last remembered column.
    private const int CachedColumns = 32;

    private readonly ReadOnlySpan<byte> _record;
    private readonly int _headerSize;
    private Positions _positions;
    private int _parsed;
    private int _nextHeader;
    private int _nextPayload;

    /// <summary>Opens a record.</summary>
    /// <param name="record">The record bytes.</param>
    /// <exception cref="SharpCoreDBException">The header size is unreadable or larger than the record (Corrupt).</exception>
    public RecordReader(ReadOnlySpan<byte> record)
    {
        _record = record;
        int length = Varint.Read(record, out ulong headerSize);
        if (length == 0)
        {
            RecordFormat.ThrowCorrupt($"the header size varint is unreadable (record of {record.Length} bytes).");
        }

        if (headerSize < (ulong)length || headerSize > (ulong)record.Length)
        {
            RecordFormat.ThrowCorrupt($"the header size {headerSize} does not fit the record of {record.Length} bytes.");
        }

        _headerSize = (int)headerSize;
        _nextHeader = length;
        _nextPayload = _headerSize;
        _parsed = 0;
    }

    /// <summary>The number of columns stored in the record (walks the whole header once).</summary>
    public int ColumnCount
    {
        get
        {
            while (_nextHeader < _headerSize)
            {
                ParseNext();
            }

            return _parsed;
        }
    }

    /// <summary>The storage class of column <paramref name="column"/> (NULL past the stored columns).</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The storage class.</returns>
    public SqlStorageClass GetStorageClass(int column) =>
        Locate(column, out ulong serialType, out _) ? RecordFormat.GetStorageClass(serialType) : SqlStorageClass.Null;

    /// <summary>True when column <paramref name="column"/> is NULL or not stored.</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>Whether it is NULL.</returns>
    public bool IsNull(int column) => GetStorageClass(column) == SqlStorageClass.Null;

    /// <summary>The INTEGER in column <paramref name="column"/>.</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The integer.</returns>
    /// <exception cref="InvalidCastException">The column is not an INTEGER.</exception>
    public long GetInt64(int column)
    {
        if (!Locate(column, out ulong serialType, out int offset) || RecordFormat.GetStorageClass(serialType) != SqlStorageClass.Integer)
        {
            throw new InvalidCastException($"Column {column} is {GetStorageClass(column)}, not Integer.");
        }

        return ReadInteger(serialType, offset);
    }

    /// <summary>The number in column <paramref name="column"/> as a double (an INTEGER or DECIMAL is converted).</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The double.</returns>
    /// <exception cref="InvalidCastException">The column is not numeric.</exception>
    public double GetDouble(int column)
    {
        if (Locate(column, out ulong serialType, out int offset))
        {
            if (serialType == RecordFormat.RealType)
            {
                return BinaryPrimitives.ReadDoubleBigEndian(_record[offset..]);
            }

            if (RecordFormat.GetStorageClass(serialType) == SqlStorageClass.Integer)
            {
                return ReadInteger(serialType, offset);
            }

            if (serialType == RecordFormat.DecimalType)
            {
                return (double)ReadDecimal(offset);
            }
        }

        throw new InvalidCastException($"Column {column} is {GetStorageClass(column)}, not numeric.");
    }

    /// <summary>The payload of a TEXT (UTF-8) or BLOB column, without copying.</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The bytes.</returns>
    /// <exception cref="InvalidCastException">The column is neither TEXT nor BLOB.</exception>
    public ReadOnlySpan<byte> GetBytes(int column)
    {
        if (!Locate(column, out ulong serialType, out int offset) || serialType < RecordFormat.FirstBlobType)
        {
            throw new InvalidCastException($"Column {column} is {GetStorageClass(column)}, not Text or Blob.");
        }

        return _record.Slice(offset, RecordFormat.GetPayloadSize(serialType));
    }

    /// <summary>Where a BLOB column's payload lies in the record, for a value that borrows it
    /// (<see cref="BorrowedBlob"/>).</summary>
    /// <param name="column">The zero-based column.</param>
    /// <param name="offset">The payload's offset in the record.</param>
    /// <param name="length">The payload's length.</param>
    /// <returns>False when the column is not a stored BLOB.</returns>
    public bool TryLocateBlob(int column, out int offset, out int length)
    {
        if (!Locate(column, out ulong serialType, out offset) || RecordFormat.GetStorageClass(serialType) != SqlStorageClass.Blob)
        {
            length = 0;
            return false;
        }

        length = RecordFormat.GetPayloadSize(serialType);
        return true;
    }

    /// <summary>The payload of a BLOB column in place, without copying (valid as long as the record's bytes are).</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The BLOB's bytes.</returns>
    /// <exception cref="InvalidCastException">The column is not a BLOB.</exception>
    public ReadOnlySpan<byte> GetBlobSpan(int column)
    {
        if (!Locate(column, out ulong serialType, out int offset) || RecordFormat.GetStorageClass(serialType) != SqlStorageClass.Blob)
        {
            throw new InvalidCastException($"Column {column} is {GetStorageClass(column)}, not Blob.");
        }

        return _record.Slice(offset, RecordFormat.GetPayloadSize(serialType));
    }

    /// <summary>
    /// The stored payload size of column <paramref name="column"/> in bytes, read from its serial type alone: the
    /// byte length of a TEXT (UTF-8) or BLOB without touching or copying the payload, the encoded size of a number,
    /// and 0 for NULL or a column past the stored ones.
    /// </summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The payload size in bytes.</returns>
    public int GetPayloadLength(int column)
    {
        if (!Locate(column, out ulong serialType, out int offset))
        {
            return 0;
        }

        return serialType == RecordFormat.DecimalType ? 2 + _record[offset] : RecordFormat.GetPayloadSize(serialType);
    }

    /// <summary>The TEXT in column <paramref name="column"/>.</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The string.</returns>
    /// <exception cref="InvalidCastException">The column is not TEXT.</exception>
    public string GetString(int column)
    {
        if (GetStorageClass(column) != SqlStorageClass.Text)
        {
            throw new InvalidCastException($"Column {column} is {GetStorageClass(column)}, not Text.");
        }

        return Utf8Text.Decode(GetBytes(column));
    }

    /// <summary>Column <paramref name="column"/> as a value (TEXT and BLOB allocate their string or array, except TEXT
    /// that is a date, time or GUID in its canonical form, which is packed (<see cref="SqlValue.FromUtf8Text"/>), and a
    /// 16-byte BLOB, which is held inline (<see cref="SqlValue.FromBlobBytes"/>)).</summary>
    /// <param name="column">The zero-based column.</param>
    /// <returns>The value; NULL past the stored columns.</returns>
    public SqlValue GetValue(int column) => GetValue(column, SqlValue.Null);

    /// <summary>Column <paramref name="column"/> as a value, or <paramref name="missing"/> past the stored columns.</summary>
    /// <param name="column">The zero-based column.</param>
    /// <param name="missing">The value of a column the record does not hold (one added to the table after it was written).</param>
    /// <returns>The value.</returns>
    public SqlValue GetValue(int column, SqlValue missing)
    {
        if (!Locate(column, out ulong serialType, out int offset))
        {
            return missing;
        }

        return RecordFormat.GetStorageClass(serialType) switch
        {
            SqlStorageClass.Null => SqlValue.Null,
            SqlStorageClass.Integer => SqlValue.FromInt64(ReadInteger(serialType, offset)),
            SqlStorageClass.Real => SqlValue.FromDouble(BinaryPrimitives.ReadDoubleBigEndian(_record[offset..])),
            SqlStorageClass.Decimal => SqlValue.FromDecimal(ReadDecimal(offset)),
            SqlStorageClass.Text => SqlValue.FromUtf8Text(_record.Slice(offset, RecordFormat.GetPayloadSize(serialType))),
            _ => SqlValue.FromBlobBytes(_record.Slice(offset, RecordFormat.GetPayloadSize(serialType))),
        };
    }

    private long ReadInteger(ulong serialType, int offset)
    {
        switch (serialType)
        {
            case RecordFormat.ZeroType:
                return 0;
            case RecordFormat.OneType:
                return 1;
            default:
                return RecordFormat.ReadInteger(_record.Slice(offset, RecordFormat.GetIntegerSize(serialType)));
        }
    }

    // The payload was checked by ParseNext (size, scale, mantissa below 2^96).
    private decimal ReadDecimal(int offset)
    {
        int size = _record[offset];
        byte flags = _record[offset + 1];
        UInt128 mantissa = 0;
        foreach (byte b in _record.Slice(offset + 2, size))
        {
            mantissa = (mantissa << 8) | b;
        }

        return ExactDecimal.Create(mantissa, flags & 0x1F, (flags & 0x80) != 0);
    }

    // A DECIMAL payload's size, after checking what ReadDecimal relies on.
    private int DecimalPayloadSize()
    {
        if (_nextPayload + 2 > _record.Length)
        {
            RecordFormat.ThrowCorrupt($"the DECIMAL in column {_parsed} at offset {_nextPayload} runs past the end of the record ({_record.Length} bytes).");
        }

        int size = _record[_nextPayload];
        byte flags = _record[_nextPayload + 1];
        if (size is < 1 or > RecordFormat.MaxDecimalMantissaSize || (flags & 0x1F) > ExactDecimal.MaxScale || (flags & 0x60) != 0)
        {
            RecordFormat.ThrowCorrupt($"the DECIMAL in column {_parsed} at offset {_nextPayload} has the invalid size {size} or flags 0x{flags:X2}.");
        }

        return 2 + size;
    }

    // Finds column's serial type and payload offset; false when the record has fewer columns.
    private bool Locate(int column, out ulong serialType, out int payloadOffset)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(column);
        int headerOffset;
        if (column < _parsed && column < CachedColumns)
        {
            ulong position = _positions[column];
            headerOffset = (int)(uint)position;
            payloadOffset = (int)(position >> 32);
        }
        else
        {
            if (column < _parsed)
            {
                // Past the remembered columns and behind the walk: walk again from the last remembered one.
                ulong restart = _positions[CachedColumns - 1];
                _nextHeader = (int)(uint)restart;
                _nextPayload = (int)(restart >> 32);
                _parsed = CachedColumns - 1;
            }

            while (_parsed < column && _nextHeader < _headerSize)
            {
                ParseNext();
            }

            if (_nextHeader >= _headerSize)
            {
                serialType = 0;
                payloadOffset = 0;
                return false;
            }

            headerOffset = _nextHeader;
            payloadOffset = _nextPayload;
            ParseNext();
        }

        Varint.Read(_record[headerOffset.._headerSize], out serialType);
        return true;
    }

    // Reads the next serial type, checks its payload lies inside the record, and records the column position.
    private void ParseNext()
    {
        int length = Varint.Read(_record[_nextHeader.._headerSize], out ulong serialType);
        if (length == 0)
        {
            RecordFormat.ThrowCorrupt($"the serial type of column {_parsed} at offset {_nextHeader} runs past the header ({_headerSize} bytes).");
        }

        int size = serialType == RecordFormat.DecimalType ? DecimalPayloadSize() : RecordFormat.GetPayloadSize(serialType);
        if (size < 0)
        {
            RecordFormat.ThrowCorrupt($"column {_parsed} has the invalid serial type {serialType} (header offset {_nextHeader}).");
        }

        if (size > _record.Length - _nextPayload)
        {
            RecordFormat.ThrowCorrupt($"column {_parsed} needs {size} bytes at offset {_nextPayload}, past the end of the record ({_record.Length} bytes).");
        }

        if (_parsed < CachedColumns)
        {
            _positions[_parsed] = (uint)_nextHeader | ((ulong)(uint)_nextPayload << 32);
        }

        _parsed++;
        _nextHeader += length;
        _nextPayload += size;
    }

    [InlineArray(CachedColumns)]
    private struct Positions
    {
        private ulong _first;
    }
}
