namespace SharpCoreDB.Tests.Engine;

/// <summary>
/// Schema names and definitions are stored as UTF-8, so they must be well-formed Unicode: a lone UTF-16 surrogate
/// could not come back after a reopen (it would read as U+FFFD) and is refused when the object is created.
/// </summary>
public sealed class IdentifierStorageTests
{
    [Theory]
    [InlineData("CREATE TABLE \"t{D800}\"(x)")]
    [InlineData("CREATE TABLE t(\"x{DC00}\")")]
    [InlineData("CREATE TABLE t(x CHECK (x <> 'a{D800}'))")]
    [InlineData("CREATE TABLE t(x DEFAULT 'a{DFFF}')")]
    [InlineData("CREATE TABLE ok(x); CREATE INDEX \"i{D800}\" ON ok(x)")]
    [InlineData("CREATE VIEW \"v{D800}\" AS SELECT 1")]
    [InlineData("CREATE TABLE ok(x); CREATE TRIGGER \"g{D800}\" AFTER INSERT ON ok BEGIN SELECT 1; END")]
    [InlineData("CREATE TABLE ok(x); ALTER TABLE ok RENAME TO \"r{D800}\"")]
    [InlineData("CREATE TABLE ok(x); ALTER TABLE ok ADD COLUMN \"y{D800}\"")]
    [InlineData("CREATE TABLE ok(x); ALTER TABLE ok RENAME COLUMN x TO \"y{D800}\"")]
    public void A_lone_surrogate_in_a_schema_object_is_refused_when_created(string template)
    {
        // Attribute strings are stored as UTF-8, where a lone surrogate would already be U+FFFD: built here instead.
        string sql = template.Replace("{D800}", "\uD800", StringComparison.Ordinal)
            .Replace("{DC00}", "\uDC00", StringComparison.Ordinal)
            .Replace("{DFFF}", "\uDFFF", StringComparison.Ordinal);
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            SharpCoreDBException error = db.Fails(sql);
            Assert.Equal(SharpCoreDBErrorCode.Unsupported, error.ErrorCode);
            Assert.Contains("surrogate", error.Message, StringComparison.Ordinal);
            Assert.Equal(["0"], db.Query("SELECT count(*) FROM sqlite_schema WHERE name <> 'ok' OR sql NOT LIKE 'CREATE TABLE ok(x)'"));
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["0"], db.Query("SELECT count(*) FROM sqlite_schema WHERE name <> 'ok' OR sql NOT LIKE 'CREATE TABLE ok(x)'"));
        }
    }

    [Fact]
    public void Names_outside_the_basic_plane_survive_a_reopen()
    {
        using var file = new TempDatabase();
        using (EngineHarness db = file.Open())
        {
            db.Execute("CREATE TABLE \"t\U0001F600\"(\"c\U0001F600\" TEXT DEFAULT 'd\U0001F600')");
            db.Execute("INSERT INTO \"t\U0001F600\" DEFAULT VALUES");
        }

        using (EngineHarness db = file.Open())
        {
            Assert.Equal(["d\U0001F600"], db.Query("SELECT \"c\U0001F600\" FROM \"t\U0001F600\""));
        }
    }
}
