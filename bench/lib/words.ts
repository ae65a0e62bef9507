// Neutral vocabulary for synthetic video titles. The sizes matter more than the words: titles are
// "<adjective> <noun>[ in <place>] <number>", with skewed draws (see catalogue.ts), so a trigram
// search meets realistic selectivity: the first adjectives are common, the last places are rare.

export const ADJECTIVES = `
Golden Velvet Neon Midnight Crimson Silken Electric Amber Lunar Sapphire
Hazy Radiant Slow Liquid Glowing Whispering Shimmering Violet Warm Endless
Quiet Bright Dark Soft Gentle Wild Calm Bold Hidden Secret
Frozen Burning Silver Copper Bronze Ivory Scarlet Azure Emerald Jade
Misty Dusty Sunny Rainy Stormy Windy Cloudy Foggy Snowy Icy
Distant Ancient Modern Classic Vivid Pale Deep Shallow Broad Narrow
Tender Fierce Brave Curious Dreamy Lazy Rapid Swift Steady Restless
Lonely Crowded Empty Open Closed Silent Loud Humble Grand Tiny
Giant Little Mighty Fragile Sturdy Smooth Rough Sharp Blunt Round
Square Crooked Straight Curved Twisted Tangled Polished Rustic Urban Rural
Coastal Northern Southern Eastern Western Tropical Arctic Desert Alpine Island
Forest Meadow Valley River Ocean Harbor Garden Orchard Prairie Canyon
Marble Granite Crystal Paper Wooden Glass Iron Steel Cotton Linen
Woolen Satin Suede Leather Painted Printed Woven Carved Gilded Faded
Rosy Peachy Minty Lemon Cherry Honey Ginger Cocoa Caramel Vanilla
Smoky Salty Spicy Sweet Bitter Fresh Ripe Mellow Crisp Zesty
Cosmic Stellar Solar Orbital Magnetic Sonic Static Kinetic Digital Analog
Vintage Retro Future Timeless Fleeting Eternal Early Late Morning Evening
Autumn Winter Spring Summer Seasonal Festive Merry Jolly Cheerful Playful
Graceful Elegant Lucid Serene Mystic Noble Royal Sacred Feral Wandering
`
  .trim()
  .split(/\s+/);

export const NOUNS = `
Aurora Nebula Tide Ember Prism Drift Horizon Reverie Mirage Cascade
Echo Bloom Pulse Orbit Haze Lagoon Spiral Glow Current Dream
Journey Voyage Passage Harbor Lantern Beacon Compass Anchor Sail Wave
Shore Cliff Dune Ridge Summit Peak Glacier Fjord Delta Estuary
Meadow Grove Thicket Canopy Fern Moss Lichen Petal Blossom Thorn
Willow Cedar Maple Birch Aspen Cypress Juniper Magnolia Lotus Orchid
Falcon Heron Sparrow Raven Swallow Kestrel Owl Crane Egret Finch
Tiger Panther Fox Wolf Stag Otter Lynx Bison Stallion Dolphin
Comet Meteor Quasar Pulsar Galaxy Eclipse Equinox Solstice Zenith Nadir
Storm Thunder Lightning Rainfall Breeze Gale Monsoon Cyclone Frost Dew
Flame Spark Cinder Smoke Ash Blaze Furnace Hearth Candle Torch
River Stream Brook Spring Fountain Waterfall Rapids Pond Lake Bay
Castle Tower Bridge Archway Cathedral Temple Palace Cottage Cabin Lighthouse
Garden Courtyard Terrace Balcony Rooftop Alley Avenue Boulevard Plaza Market
Melody Rhythm Harmony Chorus Ballad Sonata Anthem Lullaby Serenade Refrain
Canvas Sketch Mosaic Fresco Tapestry Portrait Mural Collage Sculpture Etching
Shadow Silhouette Reflection Outline Contour Pattern Texture Gradient Spectrum Palette
Window Mirror Doorway Staircase Corridor Gallery Library Studio Workshop Atelier
Velocity Momentum Gravity Inertia Friction Tension Balance Rotation Vibration Resonance
Crossing Shelter Refuge Haven Sanctuary Oasis Frontier Threshold Outpost Cove
`
  .trim()
  .split(/\s+/);

/** Places: appended to a minority of titles with a steep skew, so the last ones are rare words. */
export const PLACES = `
Lisbon Kyoto Oslo Havana Marrakesh Reykjavik Valparaiso Tbilisi Hanoi Cusco
Porto Seville Bergen Tallinn Riga Vilnius Krakow Ljubljana Zagreb Sarajevo
Tirana Sofia Varna Izmir Antalya Petra Muscat Zanzibar Mombasa Windhoek
Nazca Durban Maputo Antananarivo Mauritius Seychelles Colombo Kandy Goa Kochi
Jaipur Udaipur Varanasi Kathmandu Pokhara Thimphu Lhasa Chengdu Guilin Suzhou
Hangzhou Xiamen Busan Jeju Sapporo Okinawa Nara Hakone Hue Dalat
Vientiane Kampot Penang Malacca Bali Lombok Flores Palawan Cebu Darwin
Hobart Rotorua Queenstown Nelson Suva Apia Tahiti Moorea Honolulu Juneau
Yukon Banff Quebec Halifax Savannah Sedona Taos Oaxaca Merida Antigua
Cartagena Medellin Quito Arequipa Sucre Salta Mendoza Ushuaia Montevideo Paraty
`
  .trim()
  .split(/\s+/);
