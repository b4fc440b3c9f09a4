using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// sum, total and avg as SQLite computes them: an exact 64-bit integer sum while every input is an integer, then
/// Kahan–Babuška–Neumaier compensated summation in doubles (so the REAL results match SQLite to the last bit).
/// Inputs are read as <see cref="NumericConversion.ToNumericType"/> does: numeric text counts as its number, other
/// TEXT and BLOB values as their numeric prefix in REAL arithmetic; NULLs are skipped. While every input is an
/// INTEGER or DECIMAL and one is a DECIMAL, the sum is an exact <see cref="decimal"/> (sum and avg give DECIMAL);
/// a sum beyond decimal's range, or a REAL input, continues in doubles.
/// </summary>
internal sealed class SumAccumulator : AggregateAccumulator
{
    // Integers at or beyond ±2^52 are split so each part converts to double exactly.
    private const long ExactDoubleLimit = 4503599627370496L;

    private readonly SumKind _kind;
    private long _count;
    private long _integerSum;
    private double _sum;
    private double _error;
    private bool _approximate;
    private bool _overflowed;
    private bool _exactDecimal;
    private decimal _decimalSum;

    /// <summary>Creates a summing accumulator.</summary>
    /// <param name="kind">Which aggregate.</param>
    public SumAccumulator(SumKind kind)
    {
        _kind = kind;
    }

    /// <inheritdoc/>
    public override void Step(ReadOnlySpan<SqlValue> arguments)
    {
        SqlValue value = NumericConversion.ToNumericType(arguments[0]);
        if (value.IsNull)
        {
            return;
        }

        _count++;
        bool isInteger = value.StorageClass == SqlStorageClass.Integer;
        if (!_approximate && (_exactDecimal || value.StorageClass == SqlStorageClass.Decimal))
        {
            StepDecimal(value);
            return;
        }

        if (!_approximate)
        {
            if (isInteger)
            {
                long sum = _integerSum + value.RawBits;
                if (((_integerSum ^ sum) & (value.RawBits ^ sum)) >= 0)
                {
                    _integerSum = sum;
                    return;
                }

                // Overflow: remember it (sum() reports it unless a REAL input follows) and go on approximately.
                _overflowed = true;
                StartApproximate();
                StepInteger(value.RawBits);
            }
            else
            {
                StartApproximate();
                StepReal(NumericConversion.ToDouble(value));
            }
        }
        else if (isInteger)
        {
            StepInteger(value.RawBits);
        }
        else
        {
            // A REAL or DECIMAL input: sum() is no longer all-integer, so an earlier overflow is no error.
            _overflowed = false;
            StepReal(NumericConversion.ToDouble(value));
        }
    }

    /// <inheritdoc/>
    public override bool CanInverse => true;

    /// <inheritdoc/>
    /// <remarks>
    /// SQLite's <c>sumInverse</c>: once the sum went approximate it stays so (the result stays REAL after the last
    /// REAL left the frame), and an infinity taken back out leaves NaN, which reads as NULL.
    /// </remarks>
    public override void Inverse(ReadOnlySpan<SqlValue> arguments)
    {
        SqlValue value = NumericConversion.ToNumericType(arguments[0]);
        if (value.IsNull)
        {
            return;
        }

        _count--;
        if (!_approximate)
        {
            long integer = value.StorageClass == SqlStorageClass.Integer ? value.RawBits : NumericConversion.ToInt64(value);
            long difference = _integerSum - integer;
            if (((_integerSum ^ integer) & (_integerSum ^ difference)) < 0)
            {
                _overflowed = true;
                _approximate = true;
                return;
            }

            _integerSum = difference;
        }
        else if (value.StorageClass == SqlStorageClass.Integer)
        {
            if (value.RawBits != long.MinValue)
            {
                StepInteger(-value.RawBits);
            }
            else
            {
                StepInteger(long.MaxValue);
                StepInteger(1);
            }
        }
        else
        {
            StepReal(-NumericConversion.ToDouble(value));
        }
    }

    /// <inheritdoc/>
    public override SqlValue Result()
    {
        switch (_kind)
        {
            case SumKind.Sum:
                if (_count == 0)
                {
                    return SqlValue.Null;
                }

                if (!_approximate)
                {
                    return _exactDecimal ? SqlValue.FromDecimal(_decimalSum) : SqlValue.FromInt64(_integerSum);
                }

                if (_overflowed)
                {
                    throw ExecutionErrors.IntegerOverflow();
                }

                return SqlValue.FromDouble(Compensated());
            case SumKind.Total:
                return SqlValue.FromDouble(_approximate ? Compensated() : _exactDecimal ? (double)_decimalSum : _integerSum);
            default:
                if (_count == 0)
                {
                    return SqlValue.Null;
                }

                return _exactDecimal && !_approximate
                    ? SqlValue.FromDecimal(_decimalSum / _count)
                    : SqlValue.FromDouble((_approximate ? Compensated() : _integerSum) / (double)_count);
        }
    }

    /// <inheritdoc/>
    public override void Reset()
    {
        _count = 0;
        _integerSum = 0;
        _sum = 0;
        _error = 0;
        _approximate = false;
        _overflowed = false;
        _exactDecimal = false;
        _decimalSum = 0m;
    }

    // An INTEGER or DECIMAL while the sum is exact and holds a DECIMAL; anything else ends exactness.
    private void StepDecimal(in SqlValue value)
    {
        if (!_exactDecimal)
        {
            _exactDecimal = true;
            _decimalSum = _integerSum;
        }

        if (value.TryGetExactDecimal(out decimal exact))
        {
            try
            {
                _decimalSum += exact;
                return;
            }
            catch (OverflowException)
            {
                // Not an error: like a REAL input, a sum beyond decimal's range goes on in doubles.
            }
        }

        _approximate = true;
        _sum = (double)_decimalSum;
        _error = 0.0;
        StepReal(NumericConversion.ToDouble(value));
    }

    private double Compensated() => double.IsFinite(_error) ? _sum + _error : _sum;

    private void StartApproximate()
    {
        _approximate = true;
        if (_integerSum <= -ExactDoubleLimit || _integerSum >= ExactDoubleLimit)
        {
            long small = _integerSum % 16384;
            _sum = _integerSum - small;
            _error = small;
        }
        else
        {
            _sum = _integerSum;
            _error = 0.0;
        }
    }

    private void StepInteger(long value)
    {
        if (value <= -ExactDoubleLimit || value >= ExactDoubleLimit)
        {
            long small = value % 16384;
            StepReal(value - small);
            StepReal(small);
        }
        else
        {
            StepReal(value);
        }
    }

    private void StepReal(double value)
    {
        double s = _sum;
        double t = s + value;
        if (Math.Abs(s) > Math.Abs(value))
        {
            _error += (s - t) + value;
        }
        else
        {
            _error += (value - t) + s;
        }

        _sum = t;
    }
}
