namespace SharpCoreDB.EntityFrameworkCore.Tests.Json;

// The JSON model of the differential tests: an owned type mapped to a JSON column (ToJson, nested owned type and a
// primitive collection inside it), an owned collection in a JSON column, a complex type in a JSON column, and
// primitive collections (List<string>, int[], List<DateOnly>) that EF stores as JSON arrays.
// One file for the whole model, like Model/Entities.cs, so the model reads in one place.

public sealed class Shop
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public ShopProfile? Profile { get; set; }
    public List<Review> Reviews { get; set; } = [];
    public Location Location { get; set; } = new();
    public List<string> Tags { get; set; } = [];
    public int[] Scores { get; set; } = [];
    public List<DateOnly> Holidays { get; set; } = [];
}

public sealed class ShopProfile
{
    public string Owner { get; set; } = "";
    public int Rating { get; set; }
    public bool Verified { get; set; }
    public decimal? Budget { get; set; }
    public Contact Contact { get; set; } = new();
    public List<string> Aliases { get; set; } = [];
}

public sealed class Contact
{
    public string? Email { get; set; }
    public string City { get; set; } = "";
}

public sealed class Review
{
    public string Author { get; set; } = "";
    public int Stars { get; set; }
    public DateTime At { get; set; }
}

public sealed class Location
{
    public double Latitude { get; set; }
    public double Longitude { get; set; }
    public string? Label { get; set; }
}
