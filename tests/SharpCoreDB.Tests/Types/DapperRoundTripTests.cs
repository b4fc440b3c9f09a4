using Dapper;
using SharpCoreDB.Tests.Data;

namespace SharpCoreDB.Tests.Types;

/// <summary>Dapper writes and reads a record with every CLR type, nullable and not, through a file that is reopened.</summary>
public sealed class DapperRoundTripTests : IDisposable
{
    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    [Fact]
    public void A_record_of_every_clr_type_round_trips_through_dapper_and_a_reopen()
    {
        var full = new Everything
        {
            Id = 1, Flag = true, B = 255, Sb = -128, S = -32768, Us = 65535, I = int.MinValue, Ui = uint.MaxValue, L = long.MinValue,
            Ul = long.MaxValue, F = 1.5f, D = -1e300, M = 79228162514264337593543950335m, C = 'é', Str = "héllo", Bytes = [1, 2, 3],
            Uid = Guid.Parse("01020304-0506-0708-090a-0b0c0d0e0f10"), At = new DateTime(2024, 2, 29, 13, 45, 10).AddTicks(1234567),
            AtOffset = new DateTimeOffset(2024, 2, 29, 13, 45, 10, TimeSpan.FromHours(-5)), Day = new DateOnly(2024, 2, 29),
            Time = new TimeOnly(13, 45, 10, 500), Span = TimeSpan.FromDays(-1.5), Weekday = DayOfWeek.Friday,
            NFlag = false, NB = 1, NSb = 2, NS = 3, NUs = 4, NI = 5, NUi = 6, NL = 7, NUl = 8, NF = 9.5f, ND = 10.5, NM = 0.0000000000000000000000000001m,
            NC = 'z', NUid = Guid.Empty, NAt = DateTime.MinValue, NAtOffset = DateTimeOffset.MaxValue, NDay = DateOnly.MaxValue,
            NTime = TimeOnly.MaxValue, NSpan = TimeSpan.MaxValue, NWeekday = DayOfWeek.Sunday,
        };
        var empty = new Everything { Id = 2, Str = "", Bytes = [] };

        using (var connection = new SharpCoreDBConnection(_file.ConnectionString()))
        {
            connection.Open();
            connection.Execute(Everything.CreateTable);
            connection.Execute(Everything.Insert, full);
            connection.Execute(Everything.Insert, empty);
        }

        using (var connection = new SharpCoreDBConnection(_file.ConnectionString()))
        {
            connection.Open();
            var rows = connection.Query<Everything>("SELECT * FROM everything ORDER BY id").ToList();
            Assert.Equal(2, rows.Count);
            Assert.Equal(full, rows[0]);
            Assert.Equal(empty, rows[1]);
            Assert.Equal(decimal.GetBits(full.NM!.Value), decimal.GetBits(rows[0].NM!.Value));
        }
    }

    private sealed record Everything
    {
        public const string CreateTable = "CREATE TABLE everything(id INTEGER PRIMARY KEY, flag BOOLEAN, b INTEGER, sb INTEGER, s INTEGER, us INTEGER, "
            + "i INTEGER, ui INTEGER, l INTEGER, ul INTEGER, f REAL, d REAL, m DECIMAL, c TEXT, str TEXT, bytes BLOB, uid GUID, at DATETIME, "
            + "atoffset DATETIMEOFFSET, day DATE, time TEXT, span TIMESPAN, weekday INTEGER, "
            + "nflag BOOLEAN, nb INTEGER, nsb INTEGER, ns INTEGER, nus INTEGER, ni INTEGER, nui INTEGER, nl INTEGER, nul INTEGER, nf REAL, nd REAL, "
            + "nm DECIMAL, nc TEXT, nuid GUID, nat DATETIME, natoffset DATETIMEOFFSET, nday DATE, ntime TEXT, nspan TIMESPAN, nweekday INTEGER)";

        public const string Insert = "INSERT INTO everything VALUES (@Id, @Flag, @B, @Sb, @S, @Us, @I, @Ui, @L, @Ul, @F, @D, @M, @C, @Str, @Bytes, "
            + "@Uid, @At, @AtOffset, @Day, @Time, @Span, @Weekday, @NFlag, @NB, @NSb, @NS, @NUs, @NI, @NUi, @NL, @NUl, @NF, @ND, @NM, @NC, @NUid, "
            + "@NAt, @NAtOffset, @NDay, @NTime, @NSpan, @NWeekday)";

        public long Id { get; init; }
        public bool Flag { get; init; }
        public byte B { get; init; }
        public sbyte Sb { get; init; }
        public short S { get; init; }
        public ushort Us { get; init; }
        public int I { get; init; }
        public uint Ui { get; init; }
        public long L { get; init; }
        public ulong Ul { get; init; }
        public float F { get; init; }
        public double D { get; init; }
        public decimal M { get; init; }
        public char C { get; init; }
        public string Str { get; init; } = "";
        public byte[] Bytes { get; init; } = [];
        public Guid Uid { get; init; }
        public DateTime At { get; init; }
        public DateTimeOffset AtOffset { get; init; }
        public DateOnly Day { get; init; }
        public TimeOnly Time { get; init; }
        public TimeSpan Span { get; init; }
        public DayOfWeek Weekday { get; init; }
        public bool? NFlag { get; init; }
        public byte? NB { get; init; }
        public sbyte? NSb { get; init; }
        public short? NS { get; init; }
        public ushort? NUs { get; init; }
        public int? NI { get; init; }
        public uint? NUi { get; init; }
        public long? NL { get; init; }
        public ulong? NUl { get; init; }
        public float? NF { get; init; }
        public double? ND { get; init; }
        public decimal? NM { get; init; }
        public char? NC { get; init; }
        public Guid? NUid { get; init; }
        public DateTime? NAt { get; init; }
        public DateTimeOffset? NAtOffset { get; init; }
        public DateOnly? NDay { get; init; }
        public TimeOnly? NTime { get; init; }
        public TimeSpan? NSpan { get; init; }
        public DayOfWeek? NWeekday { get; init; }

        public bool Equals(Everything? other) =>
            other is not null && Id == other.Id && Flag == other.Flag && B == other.B && Sb == other.Sb && S == other.S && Us == other.Us
            && I == other.I && Ui == other.Ui && L == other.L && Ul == other.Ul && F.Equals(other.F) && D.Equals(other.D) && M == other.M
            && C == other.C && Str == other.Str && Bytes.AsSpan().SequenceEqual(other.Bytes) && Uid == other.Uid && At == other.At
            && AtOffset.EqualsExact(other.AtOffset) && Day == other.Day && Time == other.Time && Span == other.Span && Weekday == other.Weekday
            && NFlag == other.NFlag && NB == other.NB && NSb == other.NSb && NS == other.NS && NUs == other.NUs && NI == other.NI
            && NUi == other.NUi && NL == other.NL && NUl == other.NUl && Nullable.Equals(NF, other.NF) && Nullable.Equals(ND, other.ND)
            && NM == other.NM && NC == other.NC && NUid == other.NUid && NAt == other.NAt
            && Nullable.Equals(NAtOffset, other.NAtOffset) && NAtOffset?.Offset == other.NAtOffset?.Offset
            && NDay == other.NDay && NTime == other.NTime && NSpan == other.NSpan && NWeekday == other.NWeekday;

        public override int GetHashCode() => Id.GetHashCode();
    }
}
