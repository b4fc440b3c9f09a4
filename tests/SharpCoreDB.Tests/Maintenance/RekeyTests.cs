using SharpCoreDB.Tests.Data;
using static SharpCoreDB.Tests.Maintenance.MaintenanceTestKit;

namespace SharpCoreDB.Tests.Maintenance;

/// <summary>PRAGMA rekey / decrypt and SharpCoreDBConnection.Rekey: every switch between plain, password and raw key.</summary>
public sealed class RekeyTests : IDisposable
{
    private const string OtherKeyHex = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100";

    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    [Fact]
    public void Plain_to_raw_key_to_another_key_to_plain_keeps_the_data_and_only_the_new_key_opens_it()
    {
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString()))
        {
            Fill(db, 400, seed: 11);
            expected = Dump(db);
            Execute(db, $"PRAGMA rekey = \"x'{RawKeyHex}'\"");
            Assert.Equal(expected, Dump(db));
        }

        AssertOpensOnlyWith($"Encryption Key={RawKeyHex}", expected, refused: string.Empty, SharpCoreDBErrorCode.PasswordRequired);

        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}")))
        {
            db.Rekey(SharpCoreDBEncryption.WithKey(Convert.FromHexString(OtherKeyHex)));
            Execute(db, "INSERT INTO t(name, code) VALUES ('after rekey', 'r1')");
            expected = Dump(db);
        }

        AssertOpensOnlyWith($"Encryption Key={OtherKeyHex}", expected, refused: $"Encryption Key={RawKeyHex}", SharpCoreDBErrorCode.WrongPassword);

        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={OtherKeyHex}")))
        {
            Execute(db, "PRAGMA decrypt");
            Assert.Equal(expected, Dump(db));
        }

        AssertOpensOnlyWith(string.Empty, expected, refused: $"Encryption Key={OtherKeyHex}", SharpCoreDBErrorCode.NotEncrypted);
    }

    [Fact]
    public void Password_rekey_and_a_wrong_password_afterwards_fails_cleanly()
    {
        string expected;
        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}")))
        {
            Fill(db, 100, seed: 12);
            expected = Dump(db);
            Execute(db, "PRAGMA rekey = 'correct horse'");
        }

        AssertOpensOnlyWith("Password=correct horse", expected, refused: "Password=wrong horse", SharpCoreDBErrorCode.WrongPassword);
    }

    [Fact]
    public void Rekey_to_an_empty_password_is_refused_without_an_explicit_decrypt()
    {
        using SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}"));
        Execute(db, "CREATE TABLE t(a)");
        var error = Assert.Throws<SharpCoreDBException>(() => Execute(db, "PRAGMA rekey = ''"));
        Assert.Contains("PRAGMA decrypt", error.Message, StringComparison.Ordinal);
        Assert.Throws<SharpCoreDBException>(() => Execute(db, "PRAGMA rekey = \"x'abcd'\""));
        Assert.Throws<SharpCoreDBException>(() => Execute(db, "BEGIN; PRAGMA rekey = 'p'"));
    }

    [Fact]
    public void A_pooled_database_is_not_handed_out_with_the_old_key_after_rekey()
    {
        using (SharpCoreDBConnection db = Open(_file.ConnectionString($"Encryption Key={RawKeyHex}")))
        {
            Execute(db, "CREATE TABLE t(a); INSERT INTO t VALUES (1)");
            db.Rekey(SharpCoreDBEncryption.WithKey(Convert.FromHexString(OtherKeyHex)));
        }

        // The instance went back to the pool; a connection with the old key must not get it.
        Assert.Equal(SharpCoreDBErrorCode.WrongPassword, Assert.Throws<SharpCoreDBException>(() => Open(_file.ConnectionString($"Encryption Key={RawKeyHex}"))).ErrorCode);
        using SharpCoreDBConnection reopened = Open(_file.ConnectionString($"Encryption Key={OtherKeyHex}"));
        Assert.Equal(1, Long(reopened, "SELECT count(*) FROM t"));
    }

    private void AssertOpensOnlyWith(string secret, string expected, string refused, SharpCoreDBErrorCode refusal)
    {
        SharpCoreDBConnection.ClearAllPools();
        var error = Assert.Throws<SharpCoreDBException>(() => Open(_file.ConnectionString(refused)));
        Assert.Equal(refusal, error.ErrorCode);
        using SharpCoreDBConnection db = Open(_file.ConnectionString(secret));
        Assert.Equal(expected, Dump(db));
        Assert.Equal(["ok"], Column(db, "PRAGMA integrity_check"));
    }
}
