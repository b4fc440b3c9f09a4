using System.Globalization;
using System.Text.RegularExpressions;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.Tests.Differential;
using SharpCoreDB.EntityFrameworkCore.Tests.Support;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

/// <summary>
/// SaveChanges on JSON columns and primitive collections, differentially: the same changes go through EF's SQLite
/// provider and ours (each on a freshly seeded database of its own); afterwards the stored column text and the
/// reloaded entities must be equal. Changing one property inside a JSON column makes EF emit a json_set partial update.
/// </summary>
public sealed class JsonSaveChangesTests : IDisposable
{
    private readonly TempDirectory _directory = Providers.NewDirectory();
    private readonly string _sqlitePath;
    private readonly string _oursConnectionString;

    public JsonSaveChangesTests()
    {
        _sqlitePath = _directory.File("oracle.db");
        _oursConnectionString = $"Data Source={_directory.File("ours.scdb")};Durability=Async";
        foreach (var create in new Func<JsonContext>[] { CreateSqlite, CreateOurs })
        {
            using var context = create();
            context.Database.EnsureCreated();
            JsonData.Seed_(context);
        }
    }

    public void Dispose() => _directory.Dispose();

    private JsonContext CreateSqlite() => new(JsonContext.Sqlite(_sqlitePath));

    private JsonContext CreateOurs() => new(JsonContext.Ours(_oursConnectionString));

    [Fact]
    public void Inserting_a_shop_with_json_columns_and_primitive_collections_stores_what_sqlite_stores()
    {
        SameAfter(c => c.Shops.Add(new Shop
        {
            Id = 100,
            Name = "New \"shop\"",
            Profile = new ShopProfile
            {
                Owner = "Zoë",
                Rating = 5,
                Verified = true,
                Budget = 12.50m,
                Contact = new Contact { City = "Köln", Email = null },
                Aliases = ["a\\b", "tab\t", ""],
            },
            Reviews = [new Review { Author = "R", Stars = 4, At = new DateTime(2024, 2, 29, 23, 59, 58) }],
            Location = new Location { Latitude = -1.5, Longitude = 0.25, Label = "ünï" },
            Tags = ["x", "x", "✓"],
            Scores = [0, -1, int.MaxValue],
            Holidays = [new DateOnly(2024, 12, 24)],
        }));
    }

    [Fact]
    public void Changing_one_nested_json_property_updates_it_in_place()
    {
        SameAfter(c =>
        {
            var shop = c.Shops.Single(s => s.Id == 1);
            shop.Profile!.Contact.City = "Reykjavík \"north\"";
        });
        SameAfter(c =>
        {
            var shop = c.Shops.Single(s => s.Id == 2);
            shop.Profile!.Rating = 1;
            shop.Profile.Budget = 0.001m;
        });
    }

    [Fact]
    public void Changing_a_json_bool_or_setting_a_json_property_to_null_stores_json_values()
    {
        SameAfter(c =>
        {
            foreach (var shop in c.Shops.Where(s => s.Profile != null && s.Id < 10).ToList())
            {
                shop.Profile!.Verified = !shop.Profile.Verified;
                shop.Profile.Contact.Email = null;
                shop.Profile.Budget = null;
            }
        });
    }

    [Fact]
    public void Replacing_and_removing_a_json_owned_entity_and_setting_one_where_the_column_was_null()
    {
        SameAfter(c =>
        {
            var shops = c.Shops.Where(s => s.Id == 3 || s.Id == 4 || s.Id == 5).OrderBy(s => s.Id).ToList();
            shops[0].Profile = new ShopProfile { Owner = "Replaced", Rating = 2, Contact = new Contact { City = "Oslo" } };
            shops[1].Profile = null;
            shops[2].Profile = new ShopProfile { Owner = "Was null", Rating = 3, Verified = true, Contact = new Contact { City = "Lima", Email = "x@y" } };
        });
    }

    [Fact]
    public void Changing_the_json_owned_collection_adds_removes_and_edits_elements()
    {
        SameAfter(c =>
        {
            var shops = c.Shops.Where(s => s.Id >= 1 && s.Id <= 3).OrderBy(s => s.Id).ToList();
            shops[0].Reviews.Add(new Review { Author = "Added", Stars = 2, At = new DateTime(2025, 1, 1, 0, 0, 1) });
            shops[1].Reviews.RemoveAt(0);
            shops[2].Reviews[0].Stars = 1;
        });
    }

    [Fact]
    public void Changing_primitive_collections_and_a_complex_json_property_stores_new_arrays()
    {
        SameAfter(c =>
        {
            var shops = c.Shops.Where(s => s.Id >= 6 && s.Id <= 9).OrderBy(s => s.Id).ToList();
            shops[0].Tags.Add("added \"quoted\"");
            shops[1].Tags.Clear();
            shops[2].Scores = [7, 7, -7];
            shops[3].Holidays.Add(new DateOnly(2025, 7, 4));
            shops[0].Location.Label = null;
            shops[1].Location.Latitude = 45.125;
            if (shops[2].Profile is { } profile)
            {
                profile.Aliases.Add("new alias");
            }
        });
    }

    [Fact]
    public void Deleting_shops_with_json_columns_removes_their_rows()
    {
        SameAfter(c =>
        {
            c.Shops.RemoveRange(c.Shops.Where(s => s.Id % 3 == 0).ToList());
        });
    }

    [Fact]
    public void Bulk_update_and_delete_on_json_columns_match_sqlite()
    {
        SameAfter(c => c.Shops.Where(s => s.Profile != null && s.Profile.Rating < 3).ExecuteUpdate(u => u.SetProperty(s => s.Name, s => s.Name + " (low)")));
        SameAfter(c => c.Shops.Where(s => s.Tags.Contains("cheap")).ExecuteDelete());
    }

    [Fact]
    public void Bulk_update_of_properties_inside_a_complex_json_column_uses_json_set_like_sqlite()
    {
        SameAfter(c => c.Shops.Where(s => s.Id > 20).ExecuteUpdate(u => u
            .SetProperty(s => s.Location.Label, s => s.Name)
            .SetProperty(s => s.Location.Latitude, s => s.Location.Latitude + 0.5)));
    }

    [Fact]
    public void Bulk_update_inside_an_owned_json_column_is_refused_by_both_providers()
    {
        foreach (var create in new Func<JsonContext>[] { CreateSqlite, CreateOurs })
        {
            using var context = create();
            Assert.Throws<InvalidOperationException>(() =>
                context.Shops.ExecuteUpdate(u => u.SetProperty(s => s.Profile!.Contact.City, "Bergen")));
        }
    }

    /// <summary>Applies <paramref name="change"/> on both providers and saves, then compares tables and entities.</summary>
    private void SameAfter(Action<JsonContext> change)
    {
        foreach (var create in new Func<JsonContext>[] { CreateSqlite, CreateOurs })
        {
            using var context = create();
            change(context);
            context.SaveChanges();
        }

        var sqliteRows = StoredRows(CreateSqlite).ConvertAll(DecimalStringsAsNumbers);
        var ourRows = StoredRows(CreateOurs).ConvertAll(DecimalStringsAsNumbers);
        for (int i = 0; i < Math.Min(sqliteRows.Count, ourRows.Count); i++)
        {
            Assert.True(sqliteRows[i] == ourRows[i], $"stored row {i} differs\n  SQLite:      {sqliteRows[i]}\n  SharpCoreDB: {ourRows[i]}");
        }

        Assert.Equal(sqliteRows.Count, ourRows.Count);
        var expected = DifferentialAssert.Run(CreateSqlite, c => c.Shops.AsNoTracking().OrderBy(s => s.Id).ToList(), ordered: true);
        var actual = DifferentialAssert.Run(CreateOurs, c => c.Shops.AsNoTracking().OrderBy(s => s.Id).ToList(), ordered: true);
        DifferentialAssert.Same("reloaded shops", JsonData.Seed, refusedBySqlite: false, expected, actual);
    }

    /// <summary>
    /// EF's SQLite provider writes a decimal inside a JSON document as a JSON string ("6600.47"); ours writes a JSON
    /// number with the decimal's scale (6600.470), so SQL filters and ordering on it compare by value (docs/EFCORE.md);
    /// both are compared here as the number without trailing zeros. Only Budget is a decimal.
    /// </summary>
    private static string DecimalStringsAsNumbers(string row) =>
        Regex.Replace(row, "\"Budget\":\"?(-?[0-9]+(?:\\.[0-9]+)?)\"?", m => "\"Budget\":"
            + decimal.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture).ToString("0.############################", CultureInfo.InvariantCulture));

    /// <summary>The Shops table as stored: every column's value as text with its type, one line a row.</summary>
    private static List<string> StoredRows(Func<JsonContext> create)
    {
        using var context = create();
        var connection = context.Database.GetDbConnection();
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = "SELECT * FROM Shops ORDER BY Id";
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            var row = new System.Text.StringBuilder();
            for (int i = 0; i < reader.FieldCount; i++)
            {
                var value = reader.GetValue(i);
                row.Append(reader.GetName(i)).Append('=')
                    .Append(value is DBNull ? "NULL" : Convert.ToString(value, CultureInfo.InvariantCulture)).Append("; ");
            }

            rows.Add(row.ToString());
        }

        return rows;
    }
}
